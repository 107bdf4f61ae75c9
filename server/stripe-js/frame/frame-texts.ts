import type { CardValidationCode } from './validate-card-form';

/** The words of the sandbox's frames. English only for now: the app passes its language, and other languages fall back to these. */
export interface FrameTexts {
  readonly methods: Readonly<Record<string, string>>;
  readonly cardNumber: string;
  readonly expiry: string;
  readonly cvc: string;
  readonly country: string;
  readonly zip: string;
  readonly postalCode: string;
  readonly expiryPlaceholder: string;
  readonly cvcPlaceholder: string;
  readonly paymentMethods: string;
  readonly paypalSelected: string;
  readonly paypalRedirect: string;
  readonly loadFailed: string;
  readonly validation: Readonly<Record<CardValidationCode, string>>;
  /** The postal-code messages name the field the way the form labels it. */
  readonly zipValidation: Readonly<Record<'incomplete_zip' | 'invalid_zip', string>>;
  readonly threeDSecure: {
    readonly heading: string;
    readonly explanation: string;
    readonly amount: string;
    readonly complete: string;
    readonly fail: string;
    readonly working: string;
  };
}

const en: FrameTexts = {
  methods: { card: 'Card', paypal: 'PayPal', apple_pay: 'Apple Pay', google_pay: 'Google Pay', link: 'Link' },
  cardNumber: 'Card number',
  expiry: 'Expiration date',
  cvc: 'Security code',
  country: 'Country',
  zip: 'ZIP',
  postalCode: 'Postal code',
  expiryPlaceholder: 'MM / YY',
  cvcPlaceholder: 'CVC',
  paymentMethods: 'Payment methods',
  paypalSelected: 'PayPal selected.',
  paypalRedirect: 'After submission, you will be redirected to securely complete next steps.',
  loadFailed: 'The payment form could not be loaded.',
  validation: {
    incomplete_number: 'Your card number is incomplete.',
    invalid_number: 'Your card number is invalid.',
    incomplete_expiry: "Your card's expiration date is incomplete.",
    invalid_expiry_month: "Your card's expiration date is invalid.",
    invalid_expiry_month_past: "Your card's expiration date is in the past.",
    invalid_expiry_year_past: "Your card's expiration year is in the past.",
    incomplete_cvc: "Your card's security code is incomplete.",
    incomplete_zip: 'Your postal code is incomplete.',
    invalid_zip: 'Your postal code is invalid.',
  },
  zipValidation: { incomplete_zip: 'Your ZIP is incomplete.', invalid_zip: 'Your ZIP is invalid.' },
  threeDSecure: {
    heading: 'Confirm this payment',
    explanation: 'Your bank asks you to confirm this payment (3-D Secure). This is the local test page: choose how the check ends.',
    amount: 'Amount',
    complete: 'Complete authentication',
    fail: 'Fail authentication',
    working: 'Please wait…',
  },
};

export function frameTexts(_locale: string): FrameTexts {
  return en;
}
