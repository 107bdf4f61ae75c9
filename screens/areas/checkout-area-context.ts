import type { CheckoutArea } from '../../services/checkout/checkout-area';
import { areaContext } from './area-context';

/** The checkout pages' services (provided by the /checkout routes, screens/checkout/checkout-routes.ts). */
export const [CheckoutAreaContext, useCheckoutArea] = areaContext<CheckoutArea>('checkout');
