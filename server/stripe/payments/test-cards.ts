/**
 * What a test card does (STRIPE.md 1.12), keyed by what the emulator can see on a PaymentMethod: its
 * last four digits (unique among Stripe's documented test cards).
 */
export type CardBehaviour =
  | 'succeeds'
  | 'generic_decline'
  | 'insufficient_funds'
  /** 4000 0025 0000 3155: 3-D Secure on every on-session payment; off-session charges pass. */
  | 'authentication_on_session'
  /** 4000 0027 6000 3184 and 3220: 3-D Secure on every payment, off-session ones fail. */
  | 'authentication_always'
  /** 4000 0000 0000 0341: attaches, every charge declines. */
  | 'charge_fails'
  /** 4000 0082 6000 3178: authenticates, then insufficient_funds. */
  | 'authenticate_then_insufficient_funds'
  /** 4000 0084 0000 1629: authenticates, then card_declined. */
  | 'authenticate_then_decline';

export interface TestCard {
  readonly number: string;
  readonly brand: 'visa' | 'mastercard' | 'amex';
  readonly funding: 'credit' | 'debit';
  readonly country: string;
  readonly behaviour: CardBehaviour;
}

const cards: readonly TestCard[] = [
  { number: '4242424242424242', brand: 'visa', funding: 'credit', country: 'US', behaviour: 'succeeds' },
  { number: '4000056655665556', brand: 'visa', funding: 'debit', country: 'US', behaviour: 'succeeds' },
  { number: '5555555555554444', brand: 'mastercard', funding: 'credit', country: 'US', behaviour: 'succeeds' },
  { number: '378282246310005', brand: 'amex', funding: 'credit', country: 'US', behaviour: 'succeeds' },
  { number: '4000000000000002', brand: 'visa', funding: 'credit', country: 'US', behaviour: 'generic_decline' },
  { number: '4000000000009995', brand: 'visa', funding: 'credit', country: 'US', behaviour: 'insufficient_funds' },
  { number: '4000002500003155', brand: 'visa', funding: 'credit', country: 'IE', behaviour: 'authentication_on_session' },
  { number: '4000002760003184', brand: 'visa', funding: 'credit', country: 'DE', behaviour: 'authentication_always' },
  { number: '4000000000003220', brand: 'visa', funding: 'credit', country: 'US', behaviour: 'authentication_always' },
  { number: '4000000000000341', brand: 'visa', funding: 'credit', country: 'US', behaviour: 'charge_fails' },
  { number: '4000008260003178', brand: 'visa', funding: 'credit', country: 'GB', behaviour: 'authenticate_then_insufficient_funds' },
  { number: '4000008400001629', brand: 'visa', funding: 'credit', country: 'US', behaviour: 'authenticate_then_decline' },
];

/** Stripe's PaymentMethod test tokens and the card each stands for (with the aliases seen in the wild). */
const tokens: Readonly<Record<string, string>> = {
  pm_card_visa: '4242424242424242',
  pm_card_visa_debit: '4000056655665556',
  pm_card_mastercard: '5555555555554444',
  pm_card_amex: '378282246310005',
  pm_card_visa_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_visa_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_authenticationRequiredOnSetup: '4000002500003155',
  pm_card_authenticationRequired: '4000002760003184',
  pm_card_threeDSecure2Required: '4000000000003220',
  pm_card_chargeCustomerFail: '4000000000000341',
};

export function testCardForToken(token: string): TestCard | undefined {
  const number = tokens[token];
  return number === undefined ? undefined : cards.find((card) => card.number === number);
}

export function testCardForNumber(number: string): TestCard | undefined {
  return cards.find((card) => card.number === number);
}

/** The behaviour of a stored card, by its last four digits; unknown test numbers succeed. */
export function behaviourOf(last4: string | undefined): CardBehaviour {
  return cards.find((card) => card.number.endsWith(last4 ?? '----'))?.behaviour ?? 'succeeds';
}

/** The Luhn check Stripe (and Stripe.js) runs on a card number. */
export function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return number.length >= 12 && sum % 10 === 0;
}

export function brandOf(number: string): TestCard['brand'] {
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  return 'visa';
}
