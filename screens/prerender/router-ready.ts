import type { createBrowserRouter } from 'react-router';

type BrowserRouter = ReturnType<typeof createBrowserRouter>;

/** Resolves when the router has run the first location's loaders and lazy routes (redirects included). */
export function routerReady(router: BrowserRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized && router.state.navigation.state === 'idle') {
      resolve();
      return;
    }
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized || state.navigation.state !== 'idle') return;
      unsubscribe();
      resolve();
    });
  });
}
