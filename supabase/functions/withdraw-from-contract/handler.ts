import Stripe from 'stripe';
import { z } from 'zod';
import { consumerRulesFor } from '../_shared/consumer-rules.ts';
import { mailCustomer, paymentLanguage } from '../_shared/customer-mail.ts';
import type { FunctionDeps, FunctionHandler, UserDatabase } from '../_shared/function-handler.ts';
import { functionError, readBody } from '../_shared/function-response.ts';
import { ownSubscription } from '../_shared/own-paid-subscription.ts';
import { mappedCustomerId } from '../_shared/stripe-customer.ts';

const body = z.union([
  z.object({ list: z.literal(true) }).strict(),
  z.object({ subscriptionId: z.string().min(1), language: z.string().trim().min(2).max(35).optional() }).strict(),
]);

const DAY = 86_400;
const UNIQUE_VIOLATION = '23505';

/** One of the caller's web contracts, as the help centre's withdrawal page shows it. */
interface Contract {
  readonly subscriptionId: string;
  /** Unix seconds: when the contract was concluded (the subscription created). */
  readonly concludedAt: number;
  /** Unix seconds: the last moment a withdrawal is accepted; null where the country offers none. */
  readonly withdrawableUntil: number | null;
  /** Unix seconds: when a withdrawal was received, if one was. */
  readonly withdrawnAt: number | null;
  /** Paid and not refunded so far, in minor units. */
  readonly paid: { readonly minor: number; readonly currency: string };
}

function idOf(value: string | { readonly id: string }): string {
  return typeof value === 'string' ? value : value.id;
}

async function countryOf(serviceDb: UserDatabase, subscriptionId: string): Promise<string | null> {
  const { data, error } = await serviceDb.from('checkout_consents').select('country').eq('subscription_id', subscriptionId).maybeSingle();
  if (error !== null) throw new Error(`Reading the country of ${subscriptionId} failed: ${error.message}`);
  const country: unknown = data?.country;
  return typeof country === 'string' ? country : null;
}

async function withdrawnAt(serviceDb: UserDatabase, subscriptionId: string): Promise<number | null> {
  const { data, error } = await serviceDb.from('contract_withdrawals').select('received_at').eq('subscription_id', subscriptionId).maybeSingle();
  if (error !== null) throw new Error(`Reading the withdrawal of ${subscriptionId} failed: ${error.message}`);
  const received: unknown = data?.received_at;
  return typeof received === 'string' ? Math.floor(Date.parse(received) / 1000) : null;
}

/** The charges that paid the subscription's invoices (refunded or not). */
async function paidCharges(stripe: Stripe, subscriptionId: string): Promise<Stripe.Charge[]> {
  const charges: Stripe.Charge[] = [];
  for await (const invoice of stripe.invoices.list({ subscription: subscriptionId, status: 'paid', limit: 100, expand: ['data.payments'] })) {
    for (const payment of invoice.payments?.data ?? []) {
      const intent = payment.payment.payment_intent;
      if (payment.status !== 'paid' || intent === undefined) continue;
      const charge = (await stripe.paymentIntents.retrieve(idOf(intent), { expand: ['latest_charge'] })).latest_charge;
      if (charge !== null && typeof charge !== 'string') charges.push(charge);
    }
  }
  return charges;
}

const unrefunded = (charge: Stripe.Charge): number => charge.amount - charge.amount_refunded;

/** A contract as the page shows it, from the charges of its invoices (read once per call). */
async function contractOf(serviceDb: UserDatabase, subscription: Stripe.Subscription, charges: readonly Stripe.Charge[]): Promise<Contract> {
  const days = consumerRulesFor(await countryOf(serviceDb, subscription.id)).withdrawalDays;
  return {
    subscriptionId: subscription.id,
    concludedAt: subscription.created,
    withdrawableUntil: days === 0 ? null : subscription.created + days * DAY,
    withdrawnAt: await withdrawnAt(serviceDb, subscription.id),
    paid: { minor: charges.reduce((sum, charge) => sum + unrefunded(charge), 0), currency: subscription.currency },
  };
}

/**
 * The caller's paid web subscriptions, newest first: those of the customer mapped to the caller (read
 * with the user's JWT) and of any customer whose `metadata.user_id`, written only with the secret key,
 * names the caller (as the help centre's other functions find them).
 */
async function contractsOf(deps: FunctionDeps, serviceDb: UserDatabase): Promise<Contract[]> {
  const { stripe, user } = deps;
  const searched = (await stripe.customers.search({ query: `metadata['user_id']:'${user.id}'`, limit: 10 })).data.map((customer) => customer.id);
  const customerIds = new Set([await mappedCustomerId(deps.db, user.id), ...searched].filter((id) => id !== undefined));
  const contracts: Contract[] = [];
  for (const customerId of customerIds) {
    for await (const subscription of stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 })) {
      if (subscription.status === 'incomplete' || subscription.status === 'incomplete_expired') continue;
      const owner = subscription.metadata.user_id;
      if (owner !== undefined && owner !== user.id) continue;
      contracts.push(await contractOf(serviceDb, subscription, await paidCharges(stripe, subscription.id)));
    }
  }
  return contracts.sort((a, b) => b.concludedAt - a.concludedAt);
}

/**
 * withdraw-from-contract: the withdrawal function of EU Directive 2023/2673 (art. 11a of Directive
 * 2011/83/EU), for the help centre. `{list: true}` -> `{data: {contracts}}`: the caller's web contracts
 * with the end of their withdrawal period (config/consumer-rules.yaml for the country recorded at
 * payment; the default rules when none was). `{subscriptionId, language?}` -> `{data: {contract}}`:
 * withdraws inside the period: the time of receipt is recorded first (a repeat confirms the first),
 * every payment is refunded in full, the subscription ends at once, and the confirmation e-mail goes
 * out with the date and time of receipt. Another user's or an unknown id: 404; after the period: 409
 * `withdrawal_period_over`; a country without the right: 409 `withdrawal_not_offered`
 * (docs/decisions/0237-withdrawal-function.md).
 */
export const handler: FunctionHandler = async (request, deps) => {
  const parsed = await readBody(request, body);
  if (parsed instanceof Response) return parsed;
  const { stripe, serviceDb, user } = deps;
  if (serviceDb === undefined) throw new Error('withdraw-from-contract needs the service role (needsServiceRole)');
  if ('list' in parsed) return Response.json({ data: { contracts: await contractsOf(deps, serviceDb) } });

  const subscription = await ownSubscription(stripe, deps.db, user, parsed.subscriptionId);
  if (subscription instanceof Response) return subscription;
  const charges = await paidCharges(stripe, subscription.id);
  const contract = await contractOf(serviceDb, subscription, charges);
  const now = Math.floor(Date.now() / 1000);
  if (contract.withdrawnAt === null) {
    if (contract.withdrawableUntil === null) return functionError(409, 'withdrawal_not_offered', 'The rules of your country give no right of withdrawal for this contract');
    if (now > contract.withdrawableUntil) return functionError(409, 'withdrawal_period_over', `The withdrawal period ended at ${new Date(contract.withdrawableUntil * 1000).toISOString()}`);
    // The receipt first: a crash after it leaves a withdrawal the retry completes, dated when it was received.
    const { error } = await serviceDb.from('contract_withdrawals').insert({ subscription_id: subscription.id, user_id: user.id });
    if (error !== null && error.code !== UNIQUE_VIOLATION) throw new Error(`Recording the withdrawal of ${subscription.id} failed: ${error.message}`);
  }
  const receivedAt = (await withdrawnAt(serviceDb, subscription.id)) ?? now;
  // Everything paid comes back, then the contract ends: each refund once (its key), whatever the retries.
  for (const charge of charges.filter((candidate) => unrefunded(candidate) > 0)) {
    await stripe.refunds.create(
      { charge: charge.id, amount: unrefunded(charge), reason: 'requested_by_customer', metadata: { user_id: user.id, subscription_id: subscription.id, withdrawal: 'true' } },
      { idempotencyKey: `withdrawal-${user.id}-${charge.id}` },
    );
  }
  // What the customer got back for this contract (the e-mail's amount): every charge, now refunded in full.
  const refunded = { minor: charges.reduce((sum, charge) => sum + charge.amount, 0), currency: subscription.currency };
  if (subscription.status !== 'canceled') {
    try {
      await stripe.subscriptions.cancel(subscription.id, { invoice_now: false, prorate: false });
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    }
  }
  await deps.revenueCat.postStripeReceipt(user.id, subscription.id);
  if (user.email !== null) {
    await mailCustomer(serviceDb, deps.env, deps.fetch, {
      key: `withdrawal:${subscription.id}`,
      userId: user.id,
      kind: 'withdrawal',
      to: user.email,
      languages: [parsed.language, await paymentLanguage(serviceDb, subscription.id)],
      facts: { received: receivedAt, amount: refunded },
    });
  }
  return Response.json({ data: { contract: { ...contract, withdrawnAt: receivedAt, paid: { minor: 0, currency: subscription.currency } }, refunded } });
};

export const needsServiceRole = true;
