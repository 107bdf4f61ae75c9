import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import type { CompiledExperiment } from '../../engine/experiments/compile-experiment';
import { experimentReport } from '../../engine/experiments/experiment-report';
import type { Queryable } from '../db/database';
import { experimentCounts, experimentCountsSql } from './experiment-counts';
import { experimentReportPage, experimentsIndexPage } from './experiment-report-page';

export interface ExperimentReportRoutesDeps {
  readonly db: Queryable;
  /** The experiments as `flows check` compiles them, read when a page is asked for. */
  readonly experiments: () => readonly CompiledExperiment[];
  readonly repoRoot: string;
  readonly now?: () => Date;
  readonly basePath?: string;
}

/**
 * `/_dev/experiments`: each experiment's report from the local database, by the same SQL the analyst runs
 * in the warehouse (server/experiments/experiment-counts.sql): the verdict in words, per-variant rates
 * with 95 % intervals, the differences to the control with their always-valid intervals, progress to the
 * planned sample. `/<id>/api/report` is the stable JSON (engine/experiments/experiment-report-schema.ts),
 * `/<id>/api/counts` what `npm run experiment` reads.
 */
export function createExperimentReportRoutes({ db, experiments, repoRoot, now = () => new Date(), basePath = '/_dev/experiments' }: ExperimentReportRoutesDeps): Hono {
  const app = new Hono();
  const sql = experimentCountsSql(repoRoot);
  const css = join(repoRoot, 'server/experiments/experiment-report-page.css');
  const find = (id: string) => experiments().find((experiment) => experiment.id === id);
  const notFound = (id: string) => ({ code: 'not_found', message: `No experiment "${id}" (experiments/*.yaml: ${experiments().map((e) => e.id).join(', ') || 'none'})` });

  app.get('/experiment-report-page.css', (c) => c.body(readFileSync(css, 'utf8'), 200, { 'Content-Type': 'text/css; charset=utf-8' }));
  app.get('/', (c) => c.html(experimentsIndexPage(basePath, experiments())));
  app.get('/:id/api/counts', async (c) => {
    const experiment = find(c.req.param('id'));
    if (experiment === undefined) return c.json(notFound(c.req.param('id')), 404);
    return c.json(await experimentCounts(db, sql, experiment, now()));
  });
  app.get('/:id/api/report', async (c) => {
    const experiment = find(c.req.param('id'));
    if (experiment === undefined) return c.json(notFound(c.req.param('id')), 404);
    return c.json(experimentReport(experiment.plan, await experimentCounts(db, sql, experiment, now())));
  });
  app.get('/:id', async (c) => {
    const experiment = find(c.req.param('id'));
    if (experiment === undefined) return c.html(experimentsIndexPage(basePath, experiments(), c.req.param('id')), 404);
    const report = experimentReport(experiment.plan, await experimentCounts(db, sql, experiment, now()));
    return c.html(experimentReportPage(basePath, experiment, report));
  });
  return app;
}
