import type { ComponentType } from 'react';
import type { ScreenKind } from '../engine/flow-schema';
import { deferredScreen } from './deferred-screen';
import type { ScreenEntry, ScreenProps } from './screen-props';
import { SingleChoiceScreen } from './single-choice-screen';

/**
 * Which component shows each screen kind of the flow YAML. Explicit, checked by the compiler against
 * `Record<ScreenKind, ...>` (a new kind without a screen does not compile). The first step's screen ships
 * with the funnel chunk; the others are lazy chunks, prefetched one step ahead.
 */
export const screenRegistry: Readonly<Record<ScreenKind, ScreenEntry>> = {
  singleChoice: eager(SingleChoiceScreen),
  info: deferredScreen(async () => (await import('./info-screen')).InfoScreen),
  company: deferredScreen(async () => (await import('./company-screen')).CompanyScreen),
  number: deferredScreen(async () => (await import('./number-screen')).NumberScreen),
  readyToStart: deferredScreen(async () => (await import('./ready-to-start-screen')).ReadyToStartScreen),
  signUpEmail: { ...deferredScreen(async () => (await import('./sign-up-email-screen')).SignUpEmailScreen), renderAhead: false },
  signUpPassword: { ...deferredScreen(async () => (await import('./sign-up-password-screen')).SignUpPasswordScreen), renderAhead: false },
  multiSelect: deferredScreen(async () => (await import('./multi-select-screen')).MultiSelectScreen),
  slider: deferredScreen(async () => (await import('./slider-screen')).SliderScreen),
  date: deferredScreen(async () => (await import('./date-screen')).DateScreen),
  text: deferredScreen(async () => (await import('./text-screen')).TextScreen),
};

function eager(Component: ComponentType<ScreenProps>): ScreenEntry {
  return { Component, preload: () => {} };
}
