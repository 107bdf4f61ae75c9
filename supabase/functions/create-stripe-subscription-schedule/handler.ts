import type Stripe from 'stripe';
import { z } from 'zod';
import type { FunctionHandler } from '../_shared/function-handler.ts';
import { functionError, readBody } from '../_shared/function-response.ts';
import { ownPaidSubscription } from '../_shared/own-paid-subscription.ts';
import { scheduleIntroThenFull } from '../_shared/schedule-intro-then-full.ts';
import { stripeErrorResponse } from '../_shared/stripe-error-response.ts';

// appId: the spec's call sends it unset; a value is kept on the schedule's metadata.
const body = z.object({ subscriptionId: z.string().min(1), appId: z.string().min(1).nullish() });

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

/**
 * create-stripe-subscription-schedule `{subscriptionId, appId?}`: turns the caller's paid intro-price
 * subscription into its intro -> full schedule (_shared/schedule-intro-then-full.ts; stripe-webhook
 * does the same from the first invoice.paid). Another user's subscription answers 404, exactly like an
 * unknown id; an unpaid one 409 `subscription_not_active`.
 */
export const handler: FunctionHandler = async (request, { stripe, db, user }) => {
  const parsed = await readBody(request, body);
  if (parsed instanceof Response) return parsed;
  try {
    const subscription = await ownPaidSubscription(stripe, db, user, parsed.subscriptionId);
    if (subscription instanceof Response) return subscription;
    const metadata = { user_id: user.id, ...(parsed.appId === null || parsed.appId === undefined ? {} : { app_id: parsed.appId }) };
    const schedule = await scheduleIntroThenFull(stripe, subscription, metadata);
    if (schedule === 'not_an_intro_price') {
      return functionError(409, 'not_an_intro_price', `Subscription ${subscription.id} is not on an introductory price`);
    }
    if (schedule === 'ends_without_renewal') {
      return functionError(409, 'subscription_ending', `Subscription ${subscription.id} is set to end: it gets no full-price phase`);
    }
    return answer(schedule, subscription.id);
  } catch (error) {
    return stripeErrorResponse(error);
  }
};
