import type { z } from 'zod';

/**
 * The error body every function answers with: `{ error: <code>, message }`. supabase-js turns any
 * non-2xx into a FunctionsHttpError, so the app's calls throw (spec: "create, price-list calls throw
 * on error") and the body says why.
 */
export function functionError(status: number, error: string, message: string): Response {
  return Response.json({ error, message }, { status });
}

/** Parses a POST body against a schema; the Response is the 405/400 to send back instead. */
export async function readBody<Schema extends z.ZodType>(request: Request, schema: Schema): Promise<z.infer<Schema> | Response> {
  if (request.method !== 'POST') return functionError(405, 'method_not_allowed', 'Use POST');
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return functionError(400, 'invalid_json', 'The body must be JSON');
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    return functionError(400, 'invalid_request', parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; '));
  }
  return parsed.data;
}
