/**
 * The Payment Element's client-side card checks, as Stripe's form runs them before it sends anything:
 * each field's first problem as Stripe's `validation_error` code (STRIPE.md 2.5). Pure, so the unit
 * tests pin every rule; the frame maps codes to localized messages.
 */

export type CardField = 'number' | 'expiry' | 'cvc' | 'postalCode';

export type CardValidationCode =
  | 'incomplete_number'
  | 'invalid_number'
  | 'incomplete_expiry'
  | 'invalid_expiry_month'
  | 'invalid_expiry_month_past'
  | 'invalid_expiry_year_past'
  | 'incomplete_cvc'
  | 'incomplete_zip'
  | 'invalid_zip';

export interface CardFormValues {
  /** As typed, spaces allowed. */
  readonly number: string;
  /** As typed: `MM / YY`, `MM/YY` or digits only. */
  readonly expiry: string;
  readonly cvc: string;
  readonly country: string;
  readonly postalCode: string;
}

export interface CardFieldProblem {
  readonly field: CardField;
  readonly code: CardValidationCode;
}

/** How Stripe's form asks for the postal code per country: where it is needed, and its label. */
export const POSTAL_CODE_COUNTRIES: Readonly<Record<string, { readonly label: 'zip' | 'postalCode'; readonly pattern: RegExp }>> = {
  US: { label: 'zip', pattern: /^\d{5}(?:-?\d{4})?$/ },
  CA: { label: 'postalCode', pattern: /^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$/ },
  GB: { label: 'postalCode', pattern: /^[A-Za-z]{1,2}\d[A-Za-z\d]? ?\d[A-Za-z]{2}$/ },
};

export const digitsOnly = (value: string): string => value.replace(/\D/g, '');

/** The brand's card length and security-code length, from the number's first digits. */
export function cardBrand(number: string): { readonly brand: 'amex' | 'diners' | 'visa' | 'mastercard' | 'unknown'; readonly length: number; readonly cvcLength: number } {
  const digits = digitsOnly(number);
  if (/^3[47]/.test(digits)) return { brand: 'amex', length: 15, cvcLength: 4 };
  if (/^3(?:0[0-5]|[689])/.test(digits)) return { brand: 'diners', length: 14, cvcLength: 3 };
  if (/^4/.test(digits)) return { brand: 'visa', length: 16, cvcLength: 3 };
  if (/^(?:5[1-5]|2[2-7])/.test(digits)) return { brand: 'mastercard', length: 16, cvcLength: 3 };
  return { brand: 'unknown', length: 16, cvcLength: 3 };
}

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** Month and four-digit year from what was typed, when both are there. */
export function parseExpiry(expiry: string): { readonly month: number; readonly year: number } | undefined {
  const digits = digitsOnly(expiry);
  if (digits.length !== 4) return undefined;
  return { month: Number(digits.slice(0, 2)), year: 2000 + Number(digits.slice(2)) };
}

/** Every field's problem, in the form's order; empty when the card can be sent. */
export function validateCardForm(values: CardFormValues, now: Date): CardFieldProblem[] {
  const problems: CardFieldProblem[] = [];
  const number = digitsOnly(values.number);
  const brand = cardBrand(number);
  if (number.length < brand.length) problems.push({ field: 'number', code: 'incomplete_number' });
  else if (!passesLuhn(number)) problems.push({ field: 'number', code: 'invalid_number' });

  const expiry = parseExpiry(values.expiry);
  if (!expiry) problems.push({ field: 'expiry', code: 'incomplete_expiry' });
  else if (expiry.month < 1 || expiry.month > 12) problems.push({ field: 'expiry', code: 'invalid_expiry_month' });
  else {
    const thisYear = now.getFullYear();
    const thisMonth = now.getMonth() + 1;
    if (expiry.year < thisYear) problems.push({ field: 'expiry', code: 'invalid_expiry_year_past' });
    else if (expiry.year === thisYear && expiry.month < thisMonth) problems.push({ field: 'expiry', code: 'invalid_expiry_month_past' });
  }

  if (digitsOnly(values.cvc).length < brand.cvcLength) problems.push({ field: 'cvc', code: 'incomplete_cvc' });

  const postal = POSTAL_CODE_COUNTRIES[values.country];
  if (postal) {
    const code = values.postalCode.trim();
    if (code === '' || (postal.label === 'zip' && digitsOnly(code).length < 5)) problems.push({ field: 'postalCode', code: 'incomplete_zip' });
    else if (!postal.pattern.test(code)) problems.push({ field: 'postalCode', code: 'invalid_zip' });
  }
  return problems;
}

/** Groups of four (Amex: 4-6-5), as the Payment Element shows the number while it is typed. */
export function formatCardNumber(value: string): string {
  const digits = digitsOnly(value);
  const brand = cardBrand(digits);
  const limited = digits.slice(0, brand.brand === 'amex' ? 15 : 19);
  if (brand.brand === 'amex') return [limited.slice(0, 4), limited.slice(4, 10), limited.slice(10)].filter((part) => part !== '').join(' ');
  return limited.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** `MM / YY` while typing; a lone first digit above 1 becomes `0d`. */
export function formatExpiry(value: string): string {
  let digits = digitsOnly(value).slice(0, 4);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}
