import { expect, test, type Locator, type Page } from '@playwright/test';
import type { CompiledStep } from '../../engine/compiled-flow';
import { uniqueEmail } from './support/account-stack';
import { compiledFlows } from './support/compiled-flows';
import { becomeVisitorOf, realisticAnswers, walk } from './support/funnel-walker';

/**
 * Issue 26, section 5: on every step of every flow, at a small phone, a common phone and a laptop, the
 * step's primary action and its first option (or field) are on screen without scrolling: inside the
 * viewport with the page scrolled to the top, and not covered by anything (the v2 art, a fixed bar).
 * One walk per flow; at each step the page is resized in place to the three sizes (no reload), so the
 * whole check costs about one walk per flow.
 */
const sizes = [
  { name: '360x640', width: 360, height: 640 },
  { name: '390x844', width: 390, height: 844 },
  { name: '1440x900', width: 1440, height: 900 },
] as const;

/** What must be reachable without scrolling on a step: the first option or field, and the primary action. */
function targetsOf(page: Page, step: CompiledStep): { readonly name: string; readonly locator: Locator }[] {
  const main = page.getByRole('main');
  const continueButton = { name: 'Continue', locator: main.getByRole('button', { name: 'Continue', exact: true }) };
  switch (step.screen) {
    // Options submit on tap: the first option is the action.
    case 'singleChoice':
      return [{ name: 'first option', locator: main.getByRole('group').getByRole('button').first() }];
    case 'company':
    case 'info':
      return [continueButton];
    case 'readyToStart':
      return [{ name: 'the circle', locator: main.getByRole('button', { name: 'Tap the circle' }) }];
    case 'multiSelect':
      return [{ name: 'first option', locator: main.getByRole('group').getByRole('checkbox').first() }, continueButton];
    case 'slider':
      return [{ name: 'the slider', locator: main.getByRole('slider') }, continueButton];
    case 'date':
    case 'number':
    case 'text':
    case 'signUpEmail':
    case 'signUpPassword':
      return [{ name: 'first field', locator: main.getByRole('textbox').first() }, continueButton];
  }
}

/**
 * Why the element is not on screen without scrolling, or undefined when it is: its box must lie inside
 * the viewport with the page at the top, and the element must be what is drawn at its centre.
 */
function offScreenReason(locator: Locator): Promise<string | undefined> {
  return locator.evaluate((element) => {
    window.scrollTo(0, 0);
    const box = element.getBoundingClientRect();
    const [width, height] = [document.documentElement.clientWidth, window.innerHeight];
    const round = (value: number): number => Math.round(value);
    if (box.top < 0 || box.left < 0 || box.bottom > height + 0.5 || box.right > width + 0.5) {
      return `box ${round(box.left)},${round(box.top)} to ${round(box.right)},${round(box.bottom)} outside the ${width}x${height} viewport`;
    }
    const drawn = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (drawn === null || !(element === drawn || element.contains(drawn))) {
      return `covered by ${drawn === null ? 'nothing?' : `<${drawn.tagName.toLowerCase()} class="${drawn.getAttribute('class') ?? ''}">`}`;
    }
    return undefined;
  });
}

// The flag's flows; the walker's planned answers are theirs (the example funnel has its own e2e).
const { flows, variants } = compiledFlows();

for (const flow of [...flows.values()].filter((candidate) => Object.values(variants.variants).includes(candidate.id)).sort((a, b) => a.id.localeCompare(b.id))) {
  test(`${flow.id}: on every step the primary action and the first option are on screen without scrolling at ${sizes.map((size) => size.name).join(', ')}`, async ({ page, context, baseURL }) => {
    test.setTimeout(60_000 + flow.steps.length * 8_000);
    await becomeVisitorOf(context, baseURL ?? '', flow.id);
    await page.setViewportSize(sizes[1]);
    await page.goto(`${flow.basePath}?lng=en`);
    // Text wraps by the real font's metrics: measure with it.
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const problems: string[] = [];
    // v1/v2 sign up for real on their password step: a fresh address each run.
    await walk(page, flow, { ...realisticAnswers, email: uniqueEmail(`fold-${flow.id}`) }, {
      onStep: async (step) => {
        const targets = targetsOf(page, step);
        // The step's screen has rendered (a lazy screen's chunk may arrive after the heading).
        for (const target of targets) await expect(target.locator, `${step.id}: ${target.name}`).toBeVisible();
        for (const size of sizes) {
          await page.setViewportSize(size);
          for (const target of targets) {
            const reason = await offScreenReason(target.locator);
            if (reason !== undefined) problems.push(`${step.id} at ${size.name}: ${target.name}: ${reason}`);
          }
        }
        await page.setViewportSize(sizes[1]);
      },
    });
    expect(problems, 'controls below the fold or covered').toEqual([]);
  });
}
