/**
 * The wording of the e-mails a customer keeps (issue 30, section 2), in the app's 20 languages. They
 * live here, not in public/locales, because a deployed function bundles only supabase/functions.
 * `{amount}`, `{date}`, `{received}` and `{end}` are filled with values formatted for the language
 * (customer-mail.ts). tests/unit/functions/customer-mail.test.ts holds every language to the same
 * placeholders as English.
 */
export type CustomerMailKind = 'receipt' | 'cancellation' | 'refund' | 'withdrawal';

export interface CustomerMailText {
  readonly subject: string;
  readonly body: string;
}

export interface CustomerMailLanguage {
  readonly greeting: string;
  readonly keep: string;
  readonly mails: Readonly<Record<CustomerMailKind, CustomerMailText>>;
}

export const CUSTOMER_MAIL_LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'sv', 'da', 'nb', 'fi', 'pl', 'cs', 'ru', 'uk', 'tr', 'ar', 'ja', 'ko', 'zh'] as const;
export type CustomerMailLocale = (typeof CUSTOMER_MAIL_LANGUAGES)[number];

export const CUSTOMER_MAIL_TEXTS: Readonly<Record<CustomerMailLocale, CustomerMailLanguage>> = {
  en: {
    greeting: 'Hello,',
    keep: 'Please keep this e-mail for your records.',
    mails: {
      receipt: { subject: 'Your receipt', body: 'Thank you for your payment of {amount} on {date}.' },
      cancellation: { subject: 'Your cancellation is confirmed', body: 'We received your cancellation on {received}. Your subscription will not renew and ends on {end}.' },
      refund: { subject: 'Your refund is confirmed', body: 'We refunded {amount} on {date}. Your subscription has ended.' },
      withdrawal: { subject: 'Your withdrawal from the contract is confirmed', body: 'We received your withdrawal from the contract on {received}. We refunded {amount} in full and your subscription has ended.' },
    },
  },
  de: {
    greeting: 'Hallo,',
    keep: 'Bitte bewahren Sie diese E-Mail für Ihre Unterlagen auf.',
    mails: {
      receipt: { subject: 'Ihre Zahlungsbestätigung', body: 'Vielen Dank für Ihre Zahlung von {amount} am {date}.' },
      cancellation: { subject: 'Ihre Kündigung ist bestätigt', body: 'Wir haben Ihre Kündigung am {received} erhalten. Ihr Abonnement verlängert sich nicht und endet am {end}.' },
      refund: { subject: 'Ihre Erstattung ist bestätigt', body: 'Wir haben {amount} am {date} erstattet. Ihr Abonnement ist beendet.' },
      withdrawal: { subject: 'Ihr Widerruf des Vertrags ist bestätigt', body: 'Wir haben Ihren Widerruf des Vertrags am {received} erhalten. Wir haben {amount} vollständig erstattet, und Ihr Abonnement ist beendet.' },
    },
  },
  fr: {
    greeting: 'Bonjour,',
    keep: 'Veuillez conserver cet e-mail.',
    mails: {
      receipt: { subject: 'Votre reçu', body: 'Merci pour votre paiement de {amount} le {date}.' },
      cancellation: { subject: 'Votre résiliation est confirmée', body: 'Nous avons reçu votre résiliation le {received}. Votre abonnement ne sera pas renouvelé et prend fin le {end}.' },
      refund: { subject: 'Votre remboursement est confirmé', body: 'Nous avons remboursé {amount} le {date}. Votre abonnement a pris fin.' },
      withdrawal: { subject: 'Votre rétractation du contrat est confirmée', body: 'Nous avons reçu votre rétractation du contrat le {received}. Nous avons remboursé {amount} intégralement et votre abonnement a pris fin.' },
    },
  },
  es: {
    greeting: 'Hola:',
    keep: 'Conserve este correo electrónico como justificante.',
    mails: {
      receipt: { subject: 'Su recibo', body: 'Gracias por su pago de {amount} el {date}.' },
      cancellation: { subject: 'Su cancelación está confirmada', body: 'Recibimos su cancelación el {received}. Su suscripción no se renovará y finaliza el {end}.' },
      refund: { subject: 'Su reembolso está confirmado', body: 'Hemos reembolsado {amount} el {date}. Su suscripción ha finalizado.' },
      withdrawal: { subject: 'Su desistimiento del contrato está confirmado', body: 'Recibimos su desistimiento del contrato el {received}. Hemos reembolsado {amount} en su totalidad y su suscripción ha finalizado.' },
    },
  },
  it: {
    greeting: 'Salve,',
    keep: 'Conservi questa e-mail per i suoi archivi.',
    mails: {
      receipt: { subject: 'La sua ricevuta', body: 'Grazie per il pagamento di {amount} del {date}.' },
      cancellation: { subject: 'La disdetta è confermata', body: 'Abbiamo ricevuto la sua disdetta il {received}. L\u2019abbonamento non si rinnoverà e termina il {end}.' },
      refund: { subject: 'Il rimborso è confermato', body: 'Abbiamo rimborsato {amount} il {date}. L\u2019abbonamento è terminato.' },
      withdrawal: { subject: 'Il recesso dal contratto è confermato', body: 'Abbiamo ricevuto il suo recesso dal contratto il {received}. Abbiamo rimborsato {amount} per intero e l\u2019abbonamento è terminato.' },
    },
  },
  pt: {
    greeting: 'Olá,',
    keep: 'Guarde este e-mail para os seus registos.',
    mails: {
      receipt: { subject: 'O seu recibo', body: 'Obrigado pelo seu pagamento de {amount} em {date}.' },
      cancellation: { subject: 'O seu cancelamento está confirmado', body: 'Recebemos o seu cancelamento em {received}. A sua subscrição não será renovada e termina em {end}.' },
      refund: { subject: 'O seu reembolso está confirmado', body: 'Reembolsámos {amount} em {date}. A sua subscrição terminou.' },
      withdrawal: { subject: 'A sua livre resolução do contrato está confirmada', body: 'Recebemos a sua livre resolução do contrato em {received}. Reembolsámos {amount} na totalidade e a sua subscrição terminou.' },
    },
  },
  nl: {
    greeting: 'Hallo,',
    keep: 'Bewaar deze e-mail voor uw administratie.',
    mails: {
      receipt: { subject: 'Uw betalingsbewijs', body: 'Bedankt voor uw betaling van {amount} op {date}.' },
      cancellation: { subject: 'Uw opzegging is bevestigd', body: 'We hebben uw opzegging ontvangen op {received}. Uw abonnement wordt niet verlengd en eindigt op {end}.' },
      refund: { subject: 'Uw terugbetaling is bevestigd', body: 'We hebben {amount} terugbetaald op {date}. Uw abonnement is beëindigd.' },
      withdrawal: { subject: 'Uw herroeping van de overeenkomst is bevestigd', body: 'We hebben uw herroeping van de overeenkomst ontvangen op {received}. We hebben {amount} volledig terugbetaald en uw abonnement is beëindigd.' },
    },
  },
  sv: {
    greeting: 'Hej!',
    keep: 'Spara det här e-postmeddelandet.',
    mails: {
      receipt: { subject: 'Ditt kvitto', body: 'Tack för din betalning på {amount} den {date}.' },
      cancellation: { subject: 'Din uppsägning är bekräftad', body: 'Vi tog emot din uppsägning den {received}. Din prenumeration förnyas inte och upphör den {end}.' },
      refund: { subject: 'Din återbetalning är bekräftad', body: 'Vi återbetalade {amount} den {date}. Din prenumeration har upphört.' },
      withdrawal: { subject: 'Ditt frånträde från avtalet är bekräftat', body: 'Vi tog emot ditt frånträde från avtalet den {received}. Vi har återbetalat hela beloppet {amount} och din prenumeration har upphört.' },
    },
  },
  da: {
    greeting: 'Hej,',
    keep: 'Gem venligst denne e-mail.',
    mails: {
      receipt: { subject: 'Din kvittering', body: 'Tak for din betaling på {amount} den {date}.' },
      cancellation: { subject: 'Din opsigelse er bekræftet', body: 'Vi modtog din opsigelse den {received}. Dit abonnement fornyes ikke og slutter den {end}.' },
      refund: { subject: 'Din refusion er bekræftet', body: 'Vi har refunderet {amount} den {date}. Dit abonnement er ophørt.' },
      withdrawal: { subject: 'Din fortrydelse af aftalen er bekræftet', body: 'Vi modtog din fortrydelse af aftalen den {received}. Vi har refunderet hele beløbet på {amount}, og dit abonnement er ophørt.' },
    },
  },
  nb: {
    greeting: 'Hei,',
    keep: 'Ta vare på denne e-posten.',
    mails: {
      receipt: { subject: 'Kvitteringen din', body: 'Takk for betalingen på {amount} den {date}.' },
      cancellation: { subject: 'Oppsigelsen din er bekreftet', body: 'Vi mottok oppsigelsen din den {received}. Abonnementet fornyes ikke og avsluttes den {end}.' },
      refund: { subject: 'Refusjonen din er bekreftet', body: 'Vi refunderte {amount} den {date}. Abonnementet ditt er avsluttet.' },
      withdrawal: { subject: 'Angreten din på avtalen er bekreftet', body: 'Vi mottok angreten din på avtalen den {received}. Vi har refundert hele beløpet på {amount}, og abonnementet ditt er avsluttet.' },
    },
  },
  fi: {
    greeting: 'Hei,',
    keep: 'Säilytä tämä sähköposti.',
    mails: {
      receipt: { subject: 'Kuittisi', body: 'Kiitos maksustasi {amount} ({date}).' },
      cancellation: { subject: 'Irtisanomisesi on vahvistettu', body: 'Vastaanotimme irtisanomisesi {received}. Tilauksesi ei uusiudu ja päättyy {end}.' },
      refund: { subject: 'Hyvityksesi on vahvistettu', body: 'Hyvitimme {amount} ({date}). Tilauksesi on päättynyt.' },
      withdrawal: { subject: 'Sopimuksen peruuttaminen on vahvistettu', body: 'Vastaanotimme sopimuksen peruuttamisen {received}. Hyvitimme koko summan {amount}, ja tilauksesi on päättynyt.' },
    },
  },
  pl: {
    greeting: 'Dzień dobry,',
    keep: 'Prosimy zachować tę wiadomość.',
    mails: {
      receipt: { subject: 'Twoje potwierdzenie płatności', body: 'Dziękujemy za płatność {amount} z dnia {date}.' },
      cancellation: { subject: 'Twoje anulowanie zostało potwierdzone', body: 'Otrzymaliśmy Twoje anulowanie {received}. Subskrypcja nie zostanie odnowiona i kończy się {end}.' },
      refund: { subject: 'Twój zwrot został potwierdzony', body: 'Zwróciliśmy {amount} dnia {date}. Twoja subskrypcja została zakończona.' },
      withdrawal: { subject: 'Twoje odstąpienie od umowy zostało potwierdzone', body: 'Otrzymaliśmy Twoje odstąpienie od umowy {received}. Zwróciliśmy całą kwotę {amount}, a subskrypcja została zakończona.' },
    },
  },
  cs: {
    greeting: 'Dobrý den,',
    keep: 'Tento e-mail si prosím uschovejte.',
    mails: {
      receipt: { subject: 'Vaše potvrzení o platbě', body: 'Děkujeme za vaši platbu {amount} ze dne {date}.' },
      cancellation: { subject: 'Vaše zrušení je potvrzeno', body: 'Vaše zrušení jsme přijali {received}. Předplatné se neobnoví a končí {end}.' },
      refund: { subject: 'Vaše vrácení peněz je potvrzeno', body: 'Dne {date} jsme vrátili {amount}. Vaše předplatné skončilo.' },
      withdrawal: { subject: 'Vaše odstoupení od smlouvy je potvrzeno', body: 'Vaše odstoupení od smlouvy jsme přijali {received}. Vrátili jsme celou částku {amount} a vaše předplatné skončilo.' },
    },
  },
  ru: {
    greeting: 'Здравствуйте!',
    keep: 'Пожалуйста, сохраните это письмо.',
    mails: {
      receipt: { subject: 'Ваша квитанция', body: 'Спасибо за оплату {amount} от {date}.' },
      cancellation: { subject: 'Отмена подписки подтверждена', body: 'Мы получили вашу отмену {received}. Подписка не будет продлена и закончится {end}.' },
      refund: { subject: 'Возврат средств подтверждён', body: 'Мы вернули {amount} {date}. Ваша подписка завершена.' },
      withdrawal: { subject: 'Отказ от договора подтверждён', body: 'Мы получили ваш отказ от договора {received}. Мы полностью вернули {amount}, и ваша подписка завершена.' },
    },
  },
  uk: {
    greeting: 'Вітаємо!',
    keep: 'Будь ласка, збережіть цей лист.',
    mails: {
      receipt: { subject: 'Ваша квитанція', body: 'Дякуємо за оплату {amount} від {date}.' },
      cancellation: { subject: 'Скасування підписки підтверджено', body: 'Ми отримали ваше скасування {received}. Підписка не буде продовжена і завершиться {end}.' },
      refund: { subject: 'Повернення коштів підтверджено', body: 'Ми повернули {amount} {date}. Вашу підписку завершено.' },
      withdrawal: { subject: 'Відмову від договору підтверджено', body: 'Ми отримали вашу відмову від договору {received}. Ми повністю повернули {amount}, і вашу підписку завершено.' },
    },
  },
  tr: {
    greeting: 'Merhaba,',
    keep: 'Lütfen bu e-postayı saklayın.',
    mails: {
      receipt: { subject: 'Makbuzunuz', body: '{date} tarihli {amount} tutarındaki ödemeniz için teşekkür ederiz.' },
      cancellation: { subject: 'İptaliniz onaylandı', body: 'İptal talebinizi {received} tarihinde aldık. Aboneliğiniz yenilenmeyecek ve {end} tarihinde sona erecek.' },
      refund: { subject: 'İadeniz onaylandı', body: '{date} tarihinde {amount} iade ettik. Aboneliğiniz sona erdi.' },
      withdrawal: { subject: 'Sözleşmeden cayma talebiniz onaylandı', body: 'Sözleşmeden cayma talebinizi {received} tarihinde aldık. {amount} tutarının tamamını iade ettik ve aboneliğiniz sona erdi.' },
    },
  },
  ar: {
    greeting: 'مرحبًا،',
    keep: 'يرجى الاحتفاظ بهذه الرسالة.',
    mails: {
      receipt: { subject: 'إيصالك', body: 'شكرًا لك على دفع {amount} بتاريخ {date}.' },
      cancellation: { subject: 'تم تأكيد الإلغاء', body: 'استلمنا طلب الإلغاء في {received}. لن يتجدد اشتراكك وسينتهي في {end}.' },
      refund: { subject: 'تم تأكيد استرداد المبلغ', body: 'رددنا {amount} بتاريخ {date}. انتهى اشتراكك.' },
      withdrawal: { subject: 'تم تأكيد انسحابك من العقد', body: 'استلمنا انسحابك من العقد في {received}. رددنا المبلغ كاملًا {amount} وانتهى اشتراكك.' },
    },
  },
  ja: {
    greeting: 'こんにちは。',
    keep: 'このメールは大切に保管してください。',
    mails: {
      receipt: { subject: '領収書', body: '{date}に{amount}のお支払いをいただき、ありがとうございます。' },
      cancellation: { subject: '解約が確定しました', body: '{received}に解約を受け付けました。サブスクリプションは更新されず、{end}に終了します。' },
      refund: { subject: '返金が確定しました', body: '{date}に{amount}を返金しました。サブスクリプションは終了しました。' },
      withdrawal: { subject: '契約の撤回が確定しました', body: '{received}に契約の撤回を受け付けました。{amount}を全額返金し、サブスクリプションは終了しました。' },
    },
  },
  ko: {
    greeting: '안녕하세요.',
    keep: '이 이메일을 보관해 주세요.',
    mails: {
      receipt: { subject: '영수증', body: '{date}에 {amount}을(를) 결제해 주셔서 감사합니다.' },
      cancellation: { subject: '해지가 확인되었습니다', body: '{received}에 해지 요청을 받았습니다. 구독은 갱신되지 않으며 {end}에 종료됩니다.' },
      refund: { subject: '환불이 확인되었습니다', body: '{date}에 {amount}을(를) 환불했습니다. 구독이 종료되었습니다.' },
      withdrawal: { subject: '계약 철회가 확인되었습니다', body: '{received}에 계약 철회 요청을 받았습니다. {amount} 전액을 환불했으며 구독이 종료되었습니다.' },
    },
  },
  zh: {
    greeting: '您好：',
    keep: '请保存此邮件以备查阅。',
    mails: {
      receipt: { subject: '您的收据', body: '感谢您于{date}支付{amount}。' },
      cancellation: { subject: '您的取消已确认', body: '我们已于{received}收到您的取消请求。您的订阅不会续订，将于{end}结束。' },
      refund: { subject: '您的退款已确认', body: '我们已于{date}退款{amount}。您的订阅已结束。' },
      withdrawal: { subject: '您撤回合同的请求已确认', body: '我们已于{received}收到您撤回合同的请求。我们已全额退款{amount}，您的订阅已结束。' },
    },
  },
};
