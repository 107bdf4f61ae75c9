import type Stripe from 'stripe';

/**
 * An SDK type as it travels on the wire: the SDK turns `*_decimal` strings into its own Decimal after
 * parsing, so before that they are strings. Everything else is the SDK's own type, so a field the
 * emulator forgets is a compile error.
 */
export type Wire<T> = T extends Stripe.Decimal
  ? string
  : T extends string | number | boolean | null | undefined
    ? T
    : T extends readonly (infer Item)[]
      ? Wire<Item>[]
      : T extends (...args: never[]) => unknown
        ? T
        : T extends object
          ? { [K in keyof T]: Wire<T[K]> }
          : T;

/** Any stored Stripe object: what every resource has in common. */
export interface StoredObject {
  readonly id: string;
  readonly object: string;
  readonly [field: string]: unknown;
}
