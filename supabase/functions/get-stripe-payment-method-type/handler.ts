import type Stripe from 'stripe';
import { z } from 'zod';
import type { FunctionHandler } from '../_shared/function-handler.ts';
import { functionError, readBody } from '../_shared/function-response.ts';
import { isOwnCustomer } from '../_shared/stripe-customer.ts';
import { isMissingResource, stripeErrorResponse } from '../_shared/stripe-error-response.ts';

const body = z.object({ paymentMethodId: z.string().min(1) });

/**
 * get-stripe-payment-method-type `{paymentMethodId}` -> `{data: {type}}` (`card`, `paypal`, ...), for
 * a payment method attached to the caller's customer (a subscription payment attaches it). Any other
 * id answers 404, as an unknown one does, so ids of other users' payment methods reveal nothing.
 */
export const handler: FunctionHandler = async (request, { stripe, db, user }) => {
  const parsed = await readBody(request, body);
  if (parsed instanceof Response) return parsed;
  const notFound = () => functionError(404, 'not_found', `No such payment method: ${parsed.paymentMethodId}`);
  try {
    let paymentMethod: Stripe.PaymentMethod;
    try {
      paymentMethod = await stripe.paymentMethods.retrieve(parsed.paymentMethodId);
    } catch (error) {
      if (isMissingResource(error)) return notFound();
      throw error;
    }
    if (!(await isOwnCustomer(stripe, db, user, paymentMethod.customer))) return notFound();
    return Response.json({ data: { type: paymentMethod.type } });
  } catch (error) {
    return stripeErrorResponse(error);
  }
};
