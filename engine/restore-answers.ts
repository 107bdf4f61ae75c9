import type { CompiledFlow } from './compiled-flow';
import type { FunnelAnswer, FunnelAnswers } from './funnel-answer';

/** localStorage key of a flow's progress record (the answers as typed, sign-up steps excluded). */
export function progressStorageKey(flowId: string): string {
  return `funnelProgress.${flowId}`;
}

/** What the browser holds for a flow: the progress record and the session-scoped sign-up e-mail. */
export interface StoredProgress {
  readonly progressJson: string | null;
  readonly sessionEmail: string | null;
}

/**
 * Rebuilds a flow's answers after a reload. The progress record is parsed defensively (it is input from
 * a previous version of the app or from the visitor); anything malformed is dropped, never thrown. The
 * e-mail comes from session storage only. The password step has no funnel answer to restore: its form
 * is the sign-up machine's, which keeps the password itself (services/account/sign-up-cache.ts).
 */
export function restoreAnswers(flow: CompiledFlow, stored: StoredProgress): FunnelAnswers {
  const parsed = parseProgress(stored.progressJson);
  const restored: Record<string, FunnelAnswer> = {};
  for (const step of flow.steps) {
    if (step.screen === 'signUpEmail' && stored.sessionEmail) restored[step.id] = { kind: 'email', value: stored.sessionEmail };
    else {
      const answer = parsed[step.id];
      if (answer) restored[step.id] = answer;
    }
  }
  return restored;
}

/** The progress record to store: every answer except the sign-up e-mail (it lives in session storage). */
export function serializeAnswers(answers: FunnelAnswers): string {
  const kept: Record<string, FunnelAnswer> = {};
  for (const [stepId, answer] of Object.entries(answers)) {
    if (answer.kind !== 'email') kept[stepId] = answer;
  }
  return JSON.stringify({ version: 1, answers: kept });
}

function parseProgress(json: string | null): Record<string, FunnelAnswer> {
  if (!json) return {};
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return {};
  }
  if (!isRecord(data) || data.version !== 1 || !isRecord(data.answers)) return {};
  const answers: Record<string, FunnelAnswer> = {};
  for (const [stepId, value] of Object.entries(data.answers)) {
    const answer = parseAnswer(value);
    if (answer) answers[stepId] = answer;
  }
  return answers;
}

function parseAnswer(value: unknown): FunnelAnswer | undefined {
  if (!isRecord(value)) return undefined;
  switch (value.kind) {
    case 'choice':
      return typeof value.value === 'string' ? { kind: 'choice', value: value.value } : undefined;
    case 'measurement':
      return typeof value.text === 'string' && (value.unit === 'metric' || value.unit === 'imperial')
        ? { kind: 'measurement', text: value.text, unit: value.unit }
        : undefined;
    case 'feetInches':
      return typeof value.feet === 'string' && typeof value.inches === 'string' ? { kind: 'feetInches', feet: value.feet, inches: value.inches } : undefined;
    case 'wholeNumber':
      return typeof value.text === 'string' ? { kind: 'wholeNumber', text: value.text } : undefined;
    case 'choices':
      return Array.isArray(value.values) && value.values.every((item) => typeof item === 'string') ? { kind: 'choices', values: value.values } : undefined;
    case 'scale':
      return typeof value.value === 'number' && Number.isFinite(value.value) ? { kind: 'scale', value: value.value } : undefined;
    case 'date':
      return typeof value.value === 'string' ? { kind: 'date', value: value.value } : undefined;
    case 'text':
      return typeof value.text === 'string' ? { kind: 'text', text: value.text } : undefined;
    case 'continue':
      return { kind: 'continue' };
    default:
      return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
