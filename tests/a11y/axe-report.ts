import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import axe from 'axe-core';

declare global {
  interface Window {
    /** axe-core as injected by axeInPage: it stays in the document while the app changes steps without a load. */
    axe?: typeof axe;
  }
}

/** WCAG 2.x A/AA rules axe can decide automatically, plus axe's best practices (landmarks, headings). */
const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Impacts that fail the test whatever the rule; other best-practice findings are listed in the output for the designers. */
const blockingImpacts: ReadonlySet<string> = new Set(['serious', 'critical']);

/** A WCAG A/AA success criterion fails the test at any impact (a minor one too): it is a conformance failure. */
const wcagTags: ReadonlySet<string> = new Set(axeTags.filter((tag) => tag !== 'best-practice'));

export interface AxeFinding {
  readonly where: string;
  readonly rule: string;
  readonly impact: string;
  readonly help: string;
  readonly targets: readonly string[];
  /** Whether the rule checks a WCAG A/AA criterion (not only axe's best practice). */
  readonly wcag: boolean;
}

/** axe findings of one page, split into the ones that fail the test and the ones that are reported. */
export interface AxeResult {
  readonly blocking: readonly AxeFinding[];
  readonly reported: readonly AxeFinding[];
}

/**
 * Runs axe on the page as it is now and sorts the violations into failing (WCAG, or serious and worse)
 * and reported. The colour-contrast rule (WCAG 1.4.3, in the wcag2aa tag) is on; where axe cannot decide
 * a text's contrast (text over an image or a gradient, under a translucent layer) it answers
 * "incomplete" rather than "violation": such text fails here too, so text over the v2 images cannot
 * slip through unchecked.
 */
export async function axeFindings(page: Page, where: string): Promise<AxeResult> {
  const results = page.frames().length === 1 ? await axeInPage(page) : await axeAcrossFrames(page);
  const undecidedContrast = results.incomplete
    .filter((result) => result.id === 'color-contrast')
    // Text a sticky or fixed layer covers right now (the plans page's banner over a scrolled list) is not
    // seen there, so it has no contrast to judge; axe calls that "bgOverlap". Every other reason counts.
    .map((result) => ({ ...result, nodes: result.nodes.filter((node) => !node.any.every((check) => messageKeyOf(check.data) === 'bgOverlap')) }))
    .filter((result) => result.nodes.length > 0)
    .map((result) => ({ ...result, help: `${result.help} (axe could not compute it: ${result.nodes.map((node) => node.any.map((check) => check.message).join('; ')).join(' | ')})` }));
  const findings = [...results.violations, ...undecidedContrast].map(
    (violation): AxeFinding => ({
      where,
      rule: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.map(String).join(' ')),
      wcag: violation.tags.some((tag) => wcagTags.has(tag)),
    }),
  );
  const blocks = (finding: AxeFinding): boolean => finding.wcag || blockingImpacts.has(finding.impact) || finding.impact === 'unknown';
  return {
    blocking: findings.filter(blocks),
    reported: findings.filter((finding) => !blocks(finding)),
  };
}

/**
 * axe.run in a page without frames, with the same rules as AxeBuilder. AxeBuilder evaluates axe's 550 kB
 * source twice on every call (0.7-0.9 s a call here); injected once per document, a run takes 0.15-0.3 s,
 * and the funnel's axe walks call it hundreds of times (docs/testing.md).
 */
async function axeInPage(page: Page): Promise<axe.AxeResults> {
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(axe.source);
  return page.evaluate(async (values) => {
    if (window.axe === undefined) throw new Error('axe-core was not injected');
    return window.axe.run(document, { runOnly: { type: 'tag', values } });
  }, axeTags);
}

/**
 * axe over a page with frames (the payment form's Stripe frames). Its default run checks each frame on its
 * own and merges the parts in a blank page it opens and closes for every call: that is how it reaches
 * cross-origin frames. Frames that all share the page's origin get the same checks from one axe.run in the
 * page itself (legacy mode), without the extra page.
 */
async function axeAcrossFrames(page: Page): Promise<axe.AxeResults> {
  const builder = new AxeBuilder({ page }).withTags(axeTags);
  if (sameOriginFramesOnly(page)) builder.setLegacyMode();
  return builder.analyze();
}

function sameOriginFramesOnly(page: Page): boolean {
  const origin = new URL(page.url()).origin;
  return page.frames().every((frame) => frame.url() === 'about:blank' || new URL(frame.url()).origin === origin);
}

/** The reason axe gives in a check's data (`{ messageKey: 'bgOverlap', ... }` for colour contrast). */
function messageKeyOf(data: unknown): unknown {
  return typeof data === 'object' && data !== null && 'messageKey' in data ? data.messageKey : undefined;
}

/** One line per finding: `[moderate] region on /onboarding/gender: All page content should be contained by landmarks (div.x, ...)`. */
export function formatFindings(findings: readonly AxeFinding[]): string {
  return findings.map((finding) => `[${finding.impact}] ${finding.rule} on ${finding.where}: ${finding.help} (${finding.targets.join(', ')})`).join('\n');
}
