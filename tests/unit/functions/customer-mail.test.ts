import { describe, expect, it } from 'vitest';
import { httpMailer, mailLocale, renderCustomerMail, type CustomerMail } from '../../../supabase/functions/_shared/customer-mail';
import { CUSTOMER_MAIL_LANGUAGES, CUSTOMER_MAIL_TEXTS, type CustomerMailKind } from '../../../supabase/functions/_shared/customer-mail-texts';

const kinds: readonly CustomerMailKind[] = ['receipt', 'cancellation', 'refund', 'withdrawal'];
const placeholders = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '').sort();
// 27 November 2026, 14:05 UTC.
const moment = Date.UTC(2026, 10, 27, 14, 5) / 1000;
const facts = { amount: { minor: 299, currency: 'eur' }, date: moment, received: moment, end: moment + 7 * 86_400 };

describe('customer e-mails (supabase/functions/_shared/customer-mail.ts)', () => {
  it('every language has every e-mail, with the placeholders of the English one and its own words', () => {
    for (const locale of CUSTOMER_MAIL_LANGUAGES) {
      for (const kind of kinds) {
        const text = CUSTOMER_MAIL_TEXTS[locale].mails[kind];
        expect(placeholders(text.body), `${locale} ${kind}`).toEqual(placeholders(CUSTOMER_MAIL_TEXTS.en.mails[kind].body));
        if (locale !== 'en') expect(text.subject, `${locale} ${kind} is translated`).not.toBe(CUSTOMER_MAIL_TEXTS.en.mails[kind].subject);
        // Renders without a placeholder left over.
        expect(renderCustomerMail(kind, locale, 'a@example.com', facts).text).not.toMatch(/\{\w+\}/);
      }
    }
  });

  it('writes amounts and dates the way the language does, with the time of receipt in UTC', () => {
    expect(renderCustomerMail('receipt', 'en', 'a@example.com', facts).text).toContain('Thank you for your payment of €2.99 on November 27, 2026.');
    // The space before € and PM is a no-break space whose kind depends on the runtime's ICU version.
    expect(renderCustomerMail('receipt', 'de', 'a@example.com', facts).text).toMatch(/2,99\s€ am 27\. November 2026\./);
    expect(renderCustomerMail('cancellation', 'en', 'a@example.com', facts).text).toMatch(/on November 27, 2026 at 2:05\sPM UTC\. Your subscription will not renew and ends on December 4, 2026\./);
    const japanese = renderCustomerMail('receipt', 'ja', 'a@example.com', { ...facts, amount: { minor: 500, currency: 'jpy' } });
    expect(japanese.text).toContain('￥500');
    const arabic = renderCustomerMail('refund', 'ar', 'a@example.com', facts);
    expect(arabic.html).toMatch(/^<div lang="ar" dir="rtl">/);
  });

  it('refuses to send an e-mail with a fact missing', () => {
    expect(() => renderCustomerMail('refund', 'en', 'a@example.com', { date: moment })).toThrow('The refund e-mail needs {amount}');
  });

  it('picks the first language the app has, else English', () => {
    expect(mailLocale([undefined, 'de-AT'])).toBe('de');
    expect(mailLocale(['xx', 'pt_BR'])).toBe('pt');
    expect(mailLocale([null, 'xx'])).toBe('en');
  });

  it('sends in Mailpit\'s format and fails on a refused send', async () => {
    const sent: unknown[] = [];
    const ok = httpMailer('http://mail.test/', 'shop@example.com', (_input, init) => {
      sent.push(JSON.parse(typeof init?.body === 'string' ? init.body : ''));
      return Promise.resolve(new Response('{"ID":"1"}'));
    });
    const mail: CustomerMail = { to: 'a@example.com', subject: 'S', text: 'T', html: '<p>T</p>' };
    await ok.send(mail);
    expect(sent).toEqual([{ From: { Email: 'shop@example.com', Name: '' }, To: [{ Email: 'a@example.com', Name: '' }], Subject: 'S', Text: 'T', HTML: '<p>T</p>' }]);
    const refused = httpMailer('http://mail.test', 'shop@example.com', () => Promise.resolve(new Response('no', { status: 503 })));
    await expect(refused.send(mail)).rejects.toThrow('The mail service answered 503');
  });
});
