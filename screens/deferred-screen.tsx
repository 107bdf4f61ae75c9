import { lazy, type ComponentType } from 'react';
import type { ScreenEntry, ScreenProps } from './screen-props';

/**
 * A screen in its own chunk, loaded on first use or earlier by `preload` (the step before prefetches
 * it). Once the chunk has arrived the screen renders in the same pass as the step: React.lazy alone
 * would suspend on its first render even then (its promise settles a microtask later), and a suspended
 * navigation renders the whole step a second time, which a visitor waits for after the tap.
 */
export function deferredScreen(load: () => Promise<ComponentType<ScreenProps>>): ScreenEntry {
  let loading: Promise<ComponentType<ScreenProps>> | undefined;
  let loaded: ComponentType<ScreenProps> | undefined;
  const get = (): Promise<ComponentType<ScreenProps>> => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        // Let a later attempt retry a chunk that failed to load (flaky mobile network).
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await get() }));
  function DeferredScreen(props: ScreenProps) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return {
    Component: DeferredScreen,
    preload: () => {
      get().catch(() => undefined);
    },
  };
}
