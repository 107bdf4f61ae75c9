import type { PageArea } from './page-area';

/**
 * The page area of a static render (the build's prerender): effects do not run there and nothing is
 * painted, so the schedulers never run their task; translations come from the render itself.
 */
export function staticPageArea(): PageArea {
  return {
    createI18n: () => Promise.reject(new Error('createI18n is not available while prerendering')),
    afterStepPainted: () => {},
    whenIdle: () => {},
    prefersReducedMotion: () => false,
  };
}
