import type { Context } from 'hono';
import type { z } from 'zod';
import { AuthError } from './auth-error';

/**
 * Reads a request body as GoTrue's retrieveRequestParams does: any content type, JSON required, unknown
 * fields ignored, a JSON null field left at its zero value. Malformed JSON or a field of the wrong type
 * is 400 `bad_json`.
 */
export async function readJsonBody<Schema extends z.ZodType>(c: Context, schema: Schema): Promise<z.infer<Schema>> {
  const raw = await c.req.text();
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    const reason = raw.trim() === '' ? 'unexpected end of JSON input' : errorMessage(error);
    throw new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${reason}`);
  }
  const parsed = schema.safeParse(value === null ? {} : value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue === undefined || issue.path.length === 0 ? 'body' : issue.path.join('.');
    throw new AuthError(400, 'bad_json', `Could not parse request body as JSON: json: cannot unmarshal ${field}: ${issue?.message ?? 'invalid value'}`);
  }
  return parsed.data;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
