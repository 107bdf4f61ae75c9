import type { PatchRoutesOnNavigationFunction, RouteObject } from 'react-router';
import type { AppServices } from '../services/app-services';

/** The id of the root route (`createAppRoutes`), under which each area's routes are patched in. */
export const ROOT_ROUTE_ID = 'root';

/**
 * The parts of the app after the questionnaire, each by its first path segment. Their route tables
 * load when a path first needs them (react-router's lazy route discovery), so the first step's
 * JavaScript carries none of the sign-up, account, checkout or help-centre routes; the checkout's and
 * the help centre's services load with their routes (AppServices.checkout, AppServices.helpCentre).
 */
const areas: Readonly<Record<string, (services: AppServices) => Promise<RouteObject[]>>> = {
  'sign-up': async (services) => (await import('./sign-up/sign-up-routes')).signUpRoutes(services),
  account: async (services) => (await import('./account/account-routes')).accountRoutes(services),
  checkout: async (services) => {
    const [{ checkoutRoutes }, checkout] = await Promise.all([import('./checkout/checkout-routes'), services.checkout()]);
    return checkoutRoutes({ ...services, checkout });
  },
  'help-center': async (services) => {
    const [{ helpCentreRoutes }, helpCentre] = await Promise.all([import('./help-centre/help-centre-routes'), services.helpCentre()]);
    return helpCentreRoutes({ ...services, helpCentre });
  },
};

/**
 * `patchRoutesOnNavigation` for the browser router: on a path no known route matches, loads its area's
 * routes (once) and patches them under the root route. A path of no area patches nothing and stays a 404;
 * a chunk that failed to load is tried again on the next navigation (the error shows the root error
 * screen meanwhile).
 */
export function discoverAreaRoutes(services: AppServices): PatchRoutesOnNavigationFunction {
  const loaded = new Map<string, Promise<RouteObject[]>>();
  return async ({ path, patch }) => {
    const segment = path.split('/')[1] ?? '';
    const load = Object.hasOwn(areas, segment) ? areas[segment] : undefined;
    if (load === undefined) return;
    let routes = loaded.get(segment);
    if (routes === undefined) {
      routes = load(services);
      loaded.set(segment, routes);
      routes.catch(() => loaded.delete(segment));
    }
    // Patching the same area twice (two navigations racing) is harmless: react-router skips a route it already has.
    patch(ROOT_ROUTE_ID, await routes);
  };
}
