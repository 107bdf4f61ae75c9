import { lazy, type ComponentType } from 'react';
import type { ScreenKind } from '../engine/flow-schema';
import type { ScreenProps } from './screen-props';
import { SingleChoiceScreen } from './single-choice-screen';

export interface ScreenEntry {
  readonly Component: ComponentType<ScreenProps>;
  /** Starts loading the screen's chunk (called for the next step while the visitor reads this one). */
  readonly preload: () => void;
}

/**
 * Which component shows each screen kind of the flow YAML. Explicit, checked by the compiler against
 * `Record<ScreenKind, ...>` (a new kind without a screen does not compile). The first step's screen ships
 * with the funnel chunk; the others are lazy chunks, prefetched one step ahead.
 */
export const screenRegistry: Readonly<Record<ScreenKind, ScreenEntry>> = {
  singleChoice: eager(SingleChoiceScreen),
  info: deferred(async () => (await import('./info-screen')).InfoScreen),
  company: deferred(async () => (await import('./company-screen')).CompanyScreen),
  height: deferred(async () => (await import('./height-screen')).HeightScreen),
  weight: deferred(async () => (await import('./weight-screen')).WeightScreen),
  age: deferred(async () => (await import('./age-screen')).AgeScreen),
  readyToStart: deferred(async () => (await import('./ready-to-start-screen')).ReadyToStartScreen),
  signUpEmail: deferred(async () => (await import('./sign-up-email-screen')).SignUpEmailScreen),
  signUpPassword: deferred(async () => (await import('./sign-up-password-screen')).SignUpPasswordScreen),
};

function eager(Component: ComponentType<ScreenProps>): ScreenEntry {
  return { Component, preload: () => {} };
}

function deferred(load: () => Promise<ComponentType<ScreenProps>>): ScreenEntry {
  let loading: Promise<ComponentType<ScreenProps>> | undefined;
  const get = (): Promise<ComponentType<ScreenProps>> => {
    loading ??= load().catch((error: unknown) => {
      // Let a later attempt retry a chunk that failed to load (flaky mobile network).
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return {
    Component: lazy(async () => ({ default: await get() })),
    preload: () => {
      get().catch(() => undefined);
    },
  };
}
