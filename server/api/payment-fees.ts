import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { z } from 'zod';
import { FlowError } from '../../engine/flow-error';
import { loadYamlFile } from '../../engine/load-yaml-file';
import { repoRoot as findRepoRoot } from '../repo-root';

// Found, not counted: this module also runs bundled in dist-server/server/main.mjs (npm start).
const repoRoot = findRepoRoot(import.meta.url);

/** The fee table the net-amount endpoint reads. */
export const PAYMENT_FEES_FILE = resolve(repoRoot, 'config/payment-fees.yaml');

const feeSchema = z
  .object({
    percent: z.number().min(0, 'must be 0 or more').max(100, 'must be at most 100'),
    fixed_eur_cents: z.number().int('must be a whole number of euro cents').min(0, 'must be 0 or more'),
  })
  .strict();

const feesSchema = z
  .object({
    version: z.literal(1),
    fees: z.record(z.string().regex(/^[a-z][a-z0-9_]*$/, 'a payment method type is lowercase, e.g. card or paypal'), feeSchema),
  })
  .strict();

/** One payment method's fee: a share of the gross amount plus a fixed part in euro cents. */
export interface PaymentMethodFee {
  readonly percent: number;
  readonly fixedEurCents: number;
}

/** Fees by payment method type (Stripe's `payment_method.type`, e.g. card, paypal). */
export type PaymentFees = ReadonlyMap<string, PaymentMethodFee>;

/**
 * Reads and checks config/payment-fees.yaml; every problem is thrown at once, located at
 * `file:line:col`, so start-up fails with what to fix.
 */
export function loadPaymentFees(file = PAYMENT_FEES_FILE, text = readFileSync(file, 'utf8')): PaymentFees {
  const loaded = loadYamlFile(relative(repoRoot, file) || file, text, { schema: feesSchema, currentVersion: 1, migrations: [] });
  if (!loaded.ok) throw new FlowError(loaded.diagnostics);
  return new Map(Object.entries(loaded.value.data.fees).map(([type, fee]) => [type, { percent: fee.percent, fixedEurCents: fee.fixed_eur_cents }]));
}
