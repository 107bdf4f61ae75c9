import { createElement, Suspense, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { deferredScreen } from '../../../screens/deferred-screen';
import type { ScreenProps } from '../../../screens/screen-props';
import { stepOf } from '../fixtures/small-compiled-flow';

const props: ScreenProps = {
  step: stepOf('nutritionIntro'),
  headingId: 'step-heading-nutritionIntro',
  previousAnswer: undefined,
  canSubmit: () => true,
  onAnswer: () => undefined,
  onContinue: () => undefined,
  nextHref: '/onboarding/test/height',
  initialUnit: 'metric',
  reducedMotion: false,
};

/** The screen's chunk: a component that shows which step it got. */
function InfoChunk({ step }: ScreenProps) {
  return createElement('p', null, `screen of ${step.id}`);
}

/** What one synchronous render pass shows for the entry's component inside a Suspense boundary. */
function renderOnce(Component: ComponentType<ScreenProps>): string {
  return renderToStaticMarkup(createElement(Suspense, { fallback: createElement('i', null, 'waiting') }, createElement(Component, props)));
}

describe('deferredScreen', () => {
  it('suspends while its chunk has not arrived', () => {
    const entry = deferredScreen(() => new Promise(() => undefined));
    expect(renderOnce(entry.Component)).toBe('<i>waiting</i>');
  });

  it('renders in the same pass once preloaded (no suspension, so no second render of the step)', async () => {
    let arrived: () => void = () => undefined;
    const chunk = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const entry = deferredScreen(async () => {
      await chunk;
      return InfoChunk;
    });
    entry.preload();
    arrived();
    await chunk;
    await Promise.resolve();
    await Promise.resolve();
    expect(renderOnce(entry.Component)).toBe('<p>screen of nutritionIntro</p>');
  });

  it('loads again after a failed chunk instead of keeping the failure', async () => {
    let attempts = 0;
    const entry = deferredScreen(() => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(InfoChunk);
    });
    entry.preload();
    await new Promise((resolve) => setTimeout(resolve, 0));
    entry.preload();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(attempts).toBe(2);
    expect(renderOnce(entry.Component)).toBe('<p>screen of nutritionIntro</p>');
  });
});
