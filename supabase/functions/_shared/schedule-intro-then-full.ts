import type Stripe from 'stripe';

const INTRO_SUFFIX = '-intro';
const FULL_SUFFIX = '-full';

function idOf(value: string | { readonly id: string }): string {
  return typeof value === 'string' ? value : value.id;
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
 * Turns a paid intro-price subscription into a schedule: the intro price until its current period
 * ends, then the same plan's full price (lookup key `<plan>-intro` -> `<plan>-full`) for one period,
 * after which the schedule releases and the subscription renews at the full price. Idempotent, also
 * under concurrent callers (the completion page and stripe-webhook): both derive the same
 * Idempotency-Keys from the ids, so Stripe creates one schedule and replays the rest; a schedule that
 * is already phased is answered as it is. `'not_an_intro_price'` when the subscription is on another price;
 * `'ends_without_renewal'` when it is set to end (canceled in the help centre, maybe seconds after
 * paying): a full-price phase would renew what the visitor stopped, so it gets no schedule.
 */
export async function scheduleIntroThenFull(
  stripe: Stripe,
  subscription: Stripe.Subscription,
  metadata: Readonly<Record<string, string>>,
): Promise<Stripe.SubscriptionSchedule | 'not_an_intro_price' | 'ends_without_renewal'> {
  const item = subscription.items.data[0];
  if (item === undefined || subscription.items.data.length !== 1) throw new Error(`Subscription ${subscription.id} does not have exactly one item`);
  const introPrice = item.price;
  const lookupKey = introPrice.lookup_key;
  if (lookupKey === null || !lookupKey.endsWith(INTRO_SUFFIX)) return 'not_an_intro_price';
  if (subscription.schedule === null && (subscription.cancel_at_period_end || subscription.cancel_at !== null)) return 'ends_without_renewal';
  const fullLookupKey = `${lookupKey.slice(0, -INTRO_SUFFIX.length)}${FULL_SUFFIX}`;
  const fullPrice = (await stripe.prices.list({ lookup_keys: [fullLookupKey], active: true, limit: 1 })).data[0];
  if (fullPrice === undefined || fullPrice.recurring === null) throw new Error(`No active recurring price has the lookup key ${fullLookupKey}`);

  const existing = subscription.schedule;
  const schedule =
    existing === null
      ? await stripe.subscriptionSchedules.create({ from_subscription: subscription.id }, { idempotencyKey: `schedule-from-${subscription.id}` })
      : await stripe.subscriptionSchedules.retrieve(idOf(existing));
  if (alreadyPhased(schedule, introPrice.id, fullPrice.id)) return schedule;

  const currentPhase = schedule.phases[0];
  if (currentPhase === undefined) throw new Error(`Schedule ${schedule.id} has no phase`);
  return stripe.subscriptionSchedules.update(
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
      metadata: { ...metadata },
    },
    { idempotencyKey: `schedule-phases-${schedule.id}-${introPrice.id}-${fullPrice.id}` },
  );
}
