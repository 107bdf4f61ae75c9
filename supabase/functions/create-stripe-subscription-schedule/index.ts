import type Stripe from 'stripe';
import { z } from 'zod';
import type { FunctionHandler } from '../_shared/function-handler.ts';
import { functionError, readBody } from '../_shared/function-response.ts';
import { isOwnCustomer } from '../_shared/stripe-customer.ts';
import { isMissingResource, stripeErrorResponse } from '../_shared/stripe-error-response.ts';

// appId: the spec's call sends it unset; a value is kept on the schedule's metadata.
const body = z.object({ subscriptionId: z.string().min(1), appId: z.string().min(1).nullish() });

const SCHEDULABLE: ReadonlySet<Stripe.Subscription.Status> = new Set(['active', 'trialing']);
const INTRO_SUFFIX = '-intro';
const FULL_SUFFIX = '-full';

interface PhaseSummary {
  readonly priceId: string;
  readonly startDate: number;
  readonly endDate: number;
}

function idOf(value: string | { readonly id: string }): string {
  return typeof value === 'string' ? value : value.id;
}

function answer(schedule: Stripe.SubscriptionSchedule, subscriptionId: string): Response {
  const phases: PhaseSummary[] = schedule.phases.map((phase) => ({
    priceId: idOf(phase.items[0]?.price ?? ''),
    startDate: phase.start_date,
    endDate: phase.end_date,
  }));
  return Response.json({ data: { scheduleId: schedule.id, subscriptionId, phases } });
}

/** True when the schedule already is intro-then-full (a repeated call changes nothing). */
function alreadyPhased(schedule: Stripe.SubscriptionSchedule, introPriceId: string, fullPriceId: string): boolean {
  const [first, second] = schedule.phases;
  return (
    schedule.phases.length === 2 &&
    first !== undefined &&
    second !== undefined &&
    idOf(first.items[0]?.price ?? '') === introPriceId &&
    idOf(second.items[0]?.price ?? '') === fullPriceId
  );
}

/**
 * create-stripe-subscription-schedule `{subscriptionId, appId?}`: turns the caller's paid intro-price
 * subscription into a schedule: the intro price until its current period ends, then the same plan's
 * full price (lookup key `<plan>-intro` -> `<plan>-full`) for one period, after which the schedule
 * releases and the subscription renews at the full price. Another user's subscription answers 404,
 * exactly like an unknown id.
 */
export const handler: FunctionHandler = async (request, { stripe, db, user }) => {
  const parsed = await readBody(request, body);
  if (parsed instanceof Response) return parsed;
  const { subscriptionId } = parsed;
  const notFound = () => functionError(404, 'not_found', `No such subscription: ${subscriptionId}`);

  try {
    let subscription: Stripe.Subscription;
    try {
      subscription = await stripe.subscriptions.retrieve(subscriptionId);
    } catch (error) {
      if (isMissingResource(error)) return notFound();
      throw error;
    }
    if (!(await isOwnCustomer(stripe, db, user, subscription.customer))) return notFound();
    if (!SCHEDULABLE.has(subscription.status)) {
      return functionError(409, 'subscription_not_active', `Subscription ${subscriptionId} is ${subscription.status}; pay it first`);
    }

    const item = subscription.items.data[0];
    if (item === undefined || subscription.items.data.length !== 1) throw new Error(`Subscription ${subscriptionId} does not have exactly one item`);
    const introPrice = item.price;
    const lookupKey = introPrice.lookup_key;
    if (lookupKey === null || !lookupKey.endsWith(INTRO_SUFFIX)) {
      return functionError(409, 'not_an_intro_price', `Subscription ${subscriptionId} is not on an introductory price`);
    }
    const fullLookupKey = `${lookupKey.slice(0, -INTRO_SUFFIX.length)}${FULL_SUFFIX}`;
    const fullPrice = (await stripe.prices.list({ lookup_keys: [fullLookupKey], active: true, limit: 1 })).data[0];
    if (fullPrice === undefined || fullPrice.recurring === null) throw new Error(`No active recurring price has the lookup key ${fullLookupKey}`);

    const existing = subscription.schedule;
    const schedule =
      existing === null
        ? await stripe.subscriptionSchedules.create({ from_subscription: subscription.id }, { idempotencyKey: `schedule-from-${subscription.id}` })
        : await stripe.subscriptionSchedules.retrieve(idOf(existing));
    if (alreadyPhased(schedule, introPrice.id, fullPrice.id)) return answer(schedule, subscription.id);

    const currentPhase = schedule.phases[0];
    if (currentPhase === undefined) throw new Error(`Schedule ${schedule.id} has no phase`);
    const updated = await stripe.subscriptionSchedules.update(
      schedule.id,
      {
        phases: [
          // The current phase keeps its start; it ends where the paid intro period ends. Both phases
          // bill in the subscription's currency (the prices carry one amount per currency).
          {
            items: [{ price: introPrice.id, quantity: 1 }],
            currency: subscription.currency,
            start_date: currentPhase.start_date,
            end_date: item.current_period_end,
          },
          {
            items: [{ price: fullPrice.id, quantity: 1 }],
            currency: subscription.currency,
            duration: { interval: fullPrice.recurring.interval, interval_count: fullPrice.recurring.interval_count },
          },
        ],
        end_behavior: 'release',
        proration_behavior: 'none',
        metadata: { user_id: user.id, ...(parsed.appId === null || parsed.appId === undefined ? {} : { app_id: parsed.appId }) },
      },
      { idempotencyKey: `schedule-phases-${schedule.id}-${introPrice.id}-${fullPrice.id}` },
    );
    return answer(updated, subscription.id);
  } catch (error) {
    return stripeErrorResponse(error);
  }
};
