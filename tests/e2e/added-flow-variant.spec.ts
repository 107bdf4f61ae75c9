import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { parse, parseDocument } from 'yaml';
import { z } from 'zod';
import { compileFlowProject } from '../../engine/compile-flow-project';
import type { CompiledFlow, CompiledVariants } from '../../engine/compiled-flow';
import { formatFlowDiagnostic } from '../../engine/flow-error';
import { readFlowProject } from '../../engine/read-flow-project';
import { createConfidenceRoutes } from '../../server/confidence/create-confidence-routes';
import { uniqueEmail } from './support/account-stack';
import { visitorIdFor } from './support/compiled-flows';
import { pathOf, realisticAnswers, walk } from './support/funnel-walker';
import { buildApp, serveBuild } from './support/throwaway-build';

/**
 * docs/flows.md promises that a new variant is a flow file plus lines in flows/variants.yaml, and no
 * code change. This test follows that recipe as the page writes it (the YAML is read from the page), in
 * a copy of flows/ outside the repository (FLOWS_DIR), checks it as `flows check` does, builds the app
 * from it, and walks the new flow in chromium from /onboarding to sign-up as a visitor the flag
 * allocates to it.
 *
 * Cheap on purpose: one `vite build` (a couple of seconds) and no second server. The throwaway build's
 * pages and chunks are answered in the browser by the local stack's own SPA middleware
 * (server/serve-spa.ts) over that build, and the flag by the stack's own Confidence resolver
 * (server/confidence) over the copy's variants.yaml, as a stack started with that FLOWS_DIR serves it;
 * everything else (auth, REST, the mailbox) goes on to the running local stack of this project.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));

const recipeHeading = '### Add a variant behind the flag';
const recipeVariantsSchema = z.object({
  variants: z.record(z.string(), z.string()),
  allocation: z.record(z.string(), z.number()),
});
const recipeFlowSchema = z.object({ id: z.string().min(1) });

/** The fenced YAML blocks of the recipe in docs/flows.md: the new flow file, then the variants lines. */
function recipeFromDocs(): { flowYaml: string; flowId: string; variants: z.infer<typeof recipeVariantsSchema> } {
  const docs = readFileSync(join(root, 'docs/flows.md'), 'utf8');
  const start = docs.indexOf(recipeHeading);
  expect(start, `docs/flows.md has the section "${recipeHeading}"`).toBeGreaterThanOrEqual(0);
  const rest = docs.slice(start + recipeHeading.length);
  const section = rest.slice(0, rest.search(/\n#{2,3} /) === -1 ? undefined : rest.search(/\n#{2,3} /));
  // The blocks sit inside a numbered list, indented; the fence's indentation is removed from each line.
  const blocks = [...section.matchAll(/^( *)```yaml\n([\s\S]*?)^ *```/gm)].map(([, indent = '', body = '']) =>
    body.split('\n').map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line)).join('\n'),
  );
  expect(blocks, 'the recipe has two YAML blocks: the flow file and the variants lines').toHaveLength(2);
  const [flowYaml = '', variantsYaml = ''] = blocks;
  return { flowYaml, flowId: recipeFlowSchema.parse(parse(flowYaml)).id, variants: recipeVariantsSchema.parse(parse(variantsYaml)) };
}

let workDir = '';
let distDir = '';
let flow: CompiledFlow;
let variants: CompiledVariants;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const recipe = recipeFromDocs();
  workDir = mkdtempSync(join(tmpdir(), 'funnel-added-flow-'));
  const flowsDir = join(workDir, 'flows');
  distDir = join(workDir, 'dist');
  cpSync(join(root, 'flows'), flowsDir, { recursive: true });

  const before = compileFlowProject(readFlowProject(root, flowsDir));
  expect([...before.flows.keys()], `the recipe's flow id "${recipe.flowId}" must be new for this test to mean anything`).not.toContain(recipe.flowId);
  writeFileSync(join(flowsDir, `${recipe.flowId}.yaml`), recipe.flowYaml);
  const variantsFile = join(flowsDir, 'variants.yaml');
  const document = parseDocument(readFileSync(variantsFile, 'utf8'));
  document.set('variants', document.createNode(recipe.variants.variants));
  document.set('allocation', document.createNode(recipe.variants.allocation));
  writeFileSync(variantsFile, document.toString());

  // What `npm run flows -- check` runs: every flow in every order, and the variants.
  const checked = compileFlowProject(readFlowProject(root, flowsDir), { verifyAllOrders: true });
  expect(checked.diagnostics.map(formatFlowDiagnostic), 'flows check of the recipe').toEqual([]);
  const added = checked.flows.get(recipe.flowId);
  if (added === undefined || checked.variants === undefined) throw new Error(`flow ${recipe.flowId} or the variants did not compile`);
  flow = added;
  variants = checked.variants;

  // The production build, as `npm run build` makes it, from the copy of flows/ (engine/vite-plugin-flows.ts).
  await buildApp(distDir, { FLOWS_DIR: flowsDir, FLOW_ORDER: '' });
});

test.afterAll(() => {
  if (workDir !== '') rmSync(workDir, { recursive: true, force: true });
});

test('a variant added by the docs recipe alone is served: the flag sends its visitor there and the walk reaches sign-up', async ({ page, context, baseURL }) => {
  const origin = baseURL ?? '';
  // The local stack's SPA middleware over the throwaway build and its flag resolver over the copy's variants.
  await serveBuild(context, origin, distDir, (spa) => spa.route('/confidence', createConfidenceRoutes({ variants: () => variants }).routes));
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await context.addCookies([{ name: 'cnfdVisitorId', value: visitorIdFor(flow.id, variants), url: origin }]);
  await page.goto('/onboarding?utm_source=recipe');
  await expect(page).toHaveURL(`${origin}${flow.steps[0]?.path ?? ''}?utm_source=recipe`);
  const visited = await walk(page, flow, { ...realisticAnswers, email: uniqueEmail(`added-${flow.id}`) });
  expect(visited).toEqual(flow.steps.map((step) => step.id));
  expect(pathOf(page)).toBe(flow.exit);
  expect(errors).toEqual([]);
});
