import type { PurchaseDetails } from '../../engine/payment-completion-machine';
import type { PaymentsService } from '../payments/payments-service';
import type { CheckoutServices } from './checkout-services';

/** The plans page's product, the card payment and the purchase's registration: only the /checkout pages use it. */
export interface CheckoutArea {
  /** The card payment provider for the payment pages (Stripe.js or the local sandbox). */
  readonly payments: PaymentsService;
  /** The product the plans page sells and its session state (countdown, offer), loaded with the plans page. */
  readonly checkout: () => Promise<CheckoutServices>;
  /**
   * Registers a completed purchase with the ad platforms: pixel `Purchase` and `purchase_2` and the
   * server event through `track-event`, with the PaymentIntent id as the event id. The
   * payment-completion machine calls it once per purchase (its `registeringPurchase` step).
   */
  readonly registerPurchase: (purchase: PurchaseDetails) => Promise<void>;
}
