import type { AccountArea } from '../../services/account/account-area';
import { redirect, type LoaderFunction } from 'react-router';
import { isPaymentErrorKey, readPaymentPageParams, type PaymentErrorKey, type PaymentPageParams } from '../../engine/payment-page-params';
import { requireSignedInUser } from './require-signed-in-user';

export interface PaymentLoaderData {
  readonly params: PaymentPageParams;
  /** Why the visitor is back here after a payment that did not complete (spec section 8). */
  readonly paymentError: PaymentErrorKey | undefined;
}

/** /checkout/payment: signed-in users with a client secret; without one, the plans page (spec). */
export function createPaymentLoader(areas: { readonly account: AccountArea }): LoaderFunction {
  return async ({ request }): Promise<PaymentLoaderData> => {
    await requireSignedInUser(areas, request);
    const search = new URL(request.url).searchParams;
    const params = readPaymentPageParams(search);
    if (!params) throw redirect('/checkout/plans');
    const paymentError = search.get('payment_error');
    return { params, paymentError: isPaymentErrorKey(paymentError) ? paymentError : undefined };
  };
}
