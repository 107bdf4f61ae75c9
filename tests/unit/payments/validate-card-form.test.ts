import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatExpiry, validateCardForm, type CardFormValues } from '../../../server/stripe-js/frame/validate-card-form';

const now = new Date('2026-11-23T10:00:00Z');
const valid: CardFormValues = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', country: 'US', postalCode: '10001' };
const codes = (values: Partial<CardFormValues>) => validateCardForm({ ...valid, ...values }, now).map((problem) => `${problem.field}:${problem.code}`);

describe('the sandbox form checks a card as Stripe does before sending it', () => {
  it('accepts a complete test card', () => {
    expect(codes({})).toEqual([]);
  });

  it('reports every field in the form order, with Stripe validation codes', () => {
    expect(codes({ number: '', expiry: '', cvc: '', postalCode: '' })).toEqual([
      'number:incomplete_number',
      'expiry:incomplete_expiry',
      'cvc:incomplete_cvc',
      'postalCode:incomplete_zip',
    ]);
  });

  it('tells an incomplete number from one that fails the checksum', () => {
    expect(codes({ number: '4242 4242 4242' })).toEqual(['number:incomplete_number']);
    expect(codes({ number: '4242 4242 4242 4241' })).toEqual(['number:invalid_number']);
  });

  it('needs four security-code digits for American Express and fifteen card digits', () => {
    expect(codes({ number: '3782 822463 10005', cvc: '123' })).toEqual(['cvc:incomplete_cvc']);
    expect(codes({ number: '3782 822463 10005', cvc: '1234' })).toEqual([]);
  });

  it('rejects expiry dates in the past and impossible months', () => {
    expect(codes({ expiry: '12 / 25' })).toEqual(['expiry:invalid_expiry_year_past']);
    expect(codes({ expiry: '10 / 26' })).toEqual(['expiry:invalid_expiry_month_past']);
    expect(codes({ expiry: '11 / 26' })).toEqual([]);
    expect(codes({ expiry: '13 / 30' })).toEqual(['expiry:invalid_expiry_month']);
    expect(codes({ expiry: '1' })).toEqual(['expiry:incomplete_expiry']);
  });

  it('asks for a postal code only where the country needs one', () => {
    expect(codes({ country: 'DE', postalCode: '' })).toEqual([]);
    expect(codes({ country: 'US', postalCode: '100' })).toEqual(['postalCode:incomplete_zip']);
    expect(codes({ country: 'GB', postalCode: '' })).toEqual(['postalCode:incomplete_zip']);
    expect(codes({ country: 'GB', postalCode: '12345' })).toEqual(['postalCode:invalid_zip']);
    expect(codes({ country: 'GB', postalCode: 'SW1A 1AA' })).toEqual([]);
  });

  it('formats the number and expiry while typing', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatExpiry('1234')).toBe('12 / 34');
    expect(formatExpiry('4')).toBe('04');
  });
});
