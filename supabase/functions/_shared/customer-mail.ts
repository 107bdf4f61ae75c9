import type { UserDatabase } from './function-handler.ts';
import { CUSTOMER_MAIL_LANGUAGES, CUSTOMER_MAIL_TEXTS } from './customer-mail-texts.ts';
import type { CustomerMailKind, CustomerMailLocale } from './customer-mail-texts.ts';
import { majorUnits } from './major-units.ts';

/** One e-mail as the functions hand it to the mail service. */
export interface CustomerMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

export interface Mailer {
  send(mail: CustomerMail): Promise<void>;
}

/** What a mail says: money in minor units with its currency, moments as Unix seconds. */
export interface CustomerMailFacts {
  readonly amount?: { readonly minor: number; readonly currency: string };
  readonly date?: number;
  readonly received?: number;
  readonly end?: number;
}

/** The language a mail is written in: the stored or sent one when the app has it, else English. */
export function mailLocale(preferred: readonly (string | null | undefined)[]): CustomerMailLocale {
  for (const candidate of preferred) {
    const language = candidate?.toLowerCase().split(/[-_]/)[0];
    const found = CUSTOMER_MAIL_LANGUAGES.find((locale) => locale === language);
    if (found !== undefined) return found;
  }
  return 'en';
}

function formatAmount(locale: CustomerMailLocale, amount: { readonly minor: number; readonly currency: string }): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: amount.currency.toUpperCase() }).format(majorUnits(amount.minor, amount.currency));
}

/** A date with the time and its zone (UTC): what a withdrawal's "date and time of receipt" needs. */
function formatMoment(locale: CustomerMailLocale, seconds: number, withTime: boolean): string {
  const options: Intl.DateTimeFormatOptions = withTime
    ? { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }
    : { dateStyle: 'long', timeZone: 'UTC' };
  const text = new Intl.DateTimeFormat(locale, options).format(new Date(seconds * 1000));
  return withTime ? `${text} UTC` : text;
}

function escapeHtml(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

/** The mail of a kind in a language, with its values formatted for that language. */
export function renderCustomerMail(kind: CustomerMailKind, locale: CustomerMailLocale, to: string, facts: CustomerMailFacts): CustomerMail {
  const language = CUSTOMER_MAIL_TEXTS[locale];
  const text = language.mails[kind];
  const values: Record<string, string | undefined> = {
    amount: facts.amount === undefined ? undefined : formatAmount(locale, facts.amount),
    date: facts.date === undefined ? undefined : formatMoment(locale, facts.date, false),
    received: facts.received === undefined ? undefined : formatMoment(locale, facts.received, true),
    end: facts.end === undefined ? undefined : formatMoment(locale, facts.end, false),
  };
  const body = text.body.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`The ${kind} e-mail needs {${name}}`);
    return value;
  });
  const direction = locale === 'ar' ? 'rtl' : 'ltr';
  return {
    to,
    subject: text.subject,
    text: `${language.greeting}\n\n${body}\n\n${language.keep}\n`,
    html: `<div lang="${locale}" dir="${direction}"><p>${escapeHtml(language.greeting)}</p>\n<p>${escapeHtml(body)}</p>\n<p>${escapeHtml(language.keep)}</p></div>\n`,
  };
}

/**
 * The mail service over HTTP in Mailpit's send format (`POST {MAIL_API_URL}/api/v1/send`): the local
 * stack's mailbox answers it (/_dev/mail), and so does Mailpit or a relay in front of a provider in a
 * deployment, so the provider is one setting away (docs/decisions/0236-customer-e-mails.md).
 */
export function httpMailer(apiUrl: string, from: string, doFetch: typeof fetch): Mailer {
  return {
    async send(mail) {
      const answer = await doFetch(`${apiUrl.replace(/\/$/, '')}/api/v1/send`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ From: { Email: from, Name: '' }, To: [{ Email: mail.to, Name: '' }], Subject: mail.subject, Text: mail.text, HTML: mail.html }),
      });
      if (!answer.ok) throw new Error(`The mail service answered ${answer.status}`);
      await answer.body?.cancel();
    },
  };
}

/** The functions' mailer from MAIL_API_URL and MAIL_FROM; without MAIL_API_URL no mail can go out. */
export function mailerFromEnv(env: (name: string) => string | undefined, doFetch: typeof fetch): Mailer {
  const apiUrl = env('MAIL_API_URL');
  if (apiUrl === undefined || apiUrl === '') throw new Error('MAIL_API_URL is not set: the customer e-mails cannot be sent');
  return httpMailer(apiUrl, env('MAIL_FROM') || 'noreply@localhost', doFetch);
}

const UNIQUE_VIOLATION = '23505';

/**
 * Sends a mail once per key (public.customer_emails, supabase/migrations/0010_customer_emails.sql):
 * the key is claimed first, so a repeated webhook or a double submit finds it taken and sends
 * nothing; a failed send gives the claim back, so the retry (Stripe's, or the customer's) sends it.
 */
export async function sendOnce(serviceDb: UserDatabase, mailer: Mailer, key: string, userId: string, kind: CustomerMailKind, mail: CustomerMail): Promise<boolean> {
  const { error } = await serviceDb.from('customer_emails').insert({ key, user_id: userId, kind });
  if (error !== null && error.code === UNIQUE_VIOLATION) return false;
  if (error !== null) throw new Error(`Claiming e-mail ${key} failed: ${error.message}`);
  try {
    await mailer.send(mail);
  } catch (failure) {
    const released = await serviceDb.from('customer_emails').delete().eq('key', key);
    // A key that stays claimed would never be sent: say so rather than hide it behind the send's failure.
    if (released.error !== null) throw new Error(`E-mail ${key} failed and stays claimed: ${released.error.message}`, { cause: failure });
    throw failure;
  }
  return true;
}

/** One customer e-mail to send once: its key, whose it is, and what it says. */
export interface CustomerMailRequest {
  /** Unique per e-mail, e.g. `receipt:<invoice id>`: a repeat with the same key sends nothing. */
  readonly key: string;
  readonly userId: string;
  readonly kind: CustomerMailKind;
  readonly to: string;
  /** Language candidates, best first (the request's, the one recorded at payment); English otherwise. */
  readonly languages: readonly (string | null | undefined)[];
  readonly facts: CustomerMailFacts;
}

/** Renders and sends a customer e-mail once per key, through the mail service of MAIL_API_URL. */
export function mailCustomer(serviceDb: UserDatabase, env: (name: string) => string | undefined, doFetch: typeof fetch, request: CustomerMailRequest): Promise<boolean> {
  const mail = renderCustomerMail(request.kind, mailLocale(request.languages), request.to, request.facts);
  return sendOnce(serviceDb, mailerFromEnv(env, doFetch), request.key, request.userId, request.kind, mail);
}

/** The language the visitor paid in (public.checkout_consents, recorded on Pay), if any. */
export async function paymentLanguage(serviceDb: UserDatabase, subscriptionId: string): Promise<string | undefined> {
  const { data, error } = await serviceDb.from('checkout_consents').select('language').eq('subscription_id', subscriptionId).maybeSingle();
  if (error !== null) throw new Error(`Reading the payment language of ${subscriptionId} failed: ${error.message}`);
  const language: unknown = data?.language;
  return typeof language === 'string' ? language : undefined;
}
