import { z } from 'zod';
import { consumerRulesFor } from '../_shared/consumer-rules.ts';
import { CONSUMER_RULES } from '../_shared/consumer-rules.generated.ts';
import type { FunctionHandler } from '../_shared/function-handler.ts';
import { functionError, readBody } from '../_shared/function-response.ts';
import { ownSubscription } from '../_shared/own-paid-subscription.ts';
import { stripeErrorResponse } from '../_shared/stripe-error-response.ts';

const body = z.object({
  subscriptionId: z.string().min(1),
  /** The box ticked before Pay. */
  consent: z.boolean(),
  /** The page's language: the words the visitor read. */
  language: z.string().trim().min(2).max(35),
  /** ISO 3166-1 alpha-2 as GET /api/v1/geolocation answered it; null when unknown (the default rules hold). */
  country: z.string().trim().regex(/^[A-Za-z]{2}$/).nullable(),
  /** config/consumer-rules.yaml's consentWordingVersion the page showed. */
  wordingVersion: z.number().int().positive(),
});

/** Postgres' unique violation, as PostgREST passes it on: the row exists already. */
const UNIQUE_VIOLATION = '23505';

/**
 * record-checkout-consent `{subscriptionId, consent, language, country, wordingVersion}` ->
 * `{data: {recorded, required}}`: the payment page calls it on Pay, before the card is confirmed, so
 * the consumer's express request to start at once and acknowledgement that the right of withdrawal
 * then ends (Directive 2011/83/EU art. 16(m)) is on record with the subscription before money moves
 * (docs/decisions/0232-consent-at-payment.md). Where the country's rules ask for it
 * (config/consumer-rules.yaml), no consent answers 400 `consent_required` and nothing is recorded.
 * The first record stays (`recorded: false` on a repeat). Another user's or an unknown subscription:
 * 404, the same answer. A wording version other than the current one: 409 `stale_wording` (a page
 * from before the text changed must be reloaded, not recorded under words it did not show).
 */
export const handler: FunctionHandler = async (request, { stripe, db, serviceDb, user }) => {
  const parsed = await readBody(request, body);
  if (parsed instanceof Response) return parsed;
  if (serviceDb === undefined) throw new Error('record-checkout-consent needs the service role (needsServiceRole)');
  // Whatever its status: a checkout another tab replaced can still be paid, and is then refunded
  // (decision 0225); its consent belongs on record all the same.
  try {
    const subscription = await ownSubscription(stripe, db, user, parsed.subscriptionId);
    if (subscription instanceof Response) return subscription;
  } catch (error) {
    return stripeErrorResponse(error);
  }
  if (parsed.wordingVersion !== CONSUMER_RULES.consentWordingVersion) {
    return functionError(409, 'stale_wording', `The consent wording is version ${CONSUMER_RULES.consentWordingVersion}; the page showed ${parsed.wordingVersion}`);
  }
  const country = parsed.country?.toUpperCase() ?? null;
  const required = consumerRulesFor(country).immediateStartConsent;
  if (required && !parsed.consent) return functionError(400, 'consent_required', 'Tick the box to start the subscription now and acknowledge the end of the right of withdrawal');

  const { error } = await serviceDb.from('checkout_consents').insert({
    subscription_id: parsed.subscriptionId,
    user_id: user.id,
    given: parsed.consent,
    wording_version: parsed.wordingVersion,
    language: parsed.language,
    country,
  });
  if (error !== null && error.code !== UNIQUE_VIOLATION) throw new Error(`Recording the consent for ${parsed.subscriptionId} failed: ${error.message}`);
  return Response.json({ data: { recorded: error === null, required } });
};

export const needsServiceRole = true;
