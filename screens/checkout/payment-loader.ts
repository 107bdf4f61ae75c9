import rules from 'virtual:consumer-rules';
import type { AccountArea } from '../../services/account/account-area';
import type { FunnelArea } from '../../services/funnel/funnel-area';
import { redirect, type LoaderFunction } from 'react-router';
import { consumerRulesFor } from '../../engine/consumer-rules';
import { isPaymentErrorKey, readPaymentPageParams, type PaymentErrorKey, type PaymentPageParams } from '../../engine/payment-page-params';
import { requireSignedInUser } from './require-signed-in-user';

export interface PaymentLoaderData {
  readonly params: PaymentPageParams;
  /** Why the visitor is back here after a payment that did not complete (spec section 8). */
  readonly paymentError: PaymentErrorKey | undefined;
  /**
   * What the visitor's country asks before Pay (config/consumer-rules.yaml): the consent box when
   * `required`; the country and wording version go to the server with the answer.
   */
  readonly consent: { readonly required: boolean; readonly country: string | null; readonly wordingVersion: number };
}

/** /checkout/payment: signed-in users with a client secret; without one, the plans page (spec). */
export function createPaymentLoader(areas: { readonly account: AccountArea; readonly funnel: Pick<FunnelArea, 'productApi'> }): LoaderFunction {
  return async ({ request }): Promise<PaymentLoaderData> => {
    // The session's cached location (the plans page looked it up); unknown gives the default (EU) rules.
    const [, { countryCode }] = await Promise.all([requireSignedInUser(areas, request), areas.funnel.productApi().then((api) => api.location.location())]);
    const search = new URL(request.url).searchParams;
    const params = readPaymentPageParams(search);
    if (!params) throw redirect('/checkout/plans');
    const paymentError = search.get('payment_error');
    const consent = { required: consumerRulesFor(rules, countryCode).immediateStartConsent, country: countryCode, wordingVersion: rules.consentWordingVersion };
    return { params, paymentError: isPaymentErrorKey(paymentError) ? paymentError : undefined, consent };
  };
}
