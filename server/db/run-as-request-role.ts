import type { RequestClaims } from '../request-claims';
import type { Database, Transaction } from './database';

export interface RequestContext {
  readonly method: string;
  readonly path: string;
}

/**
 * Runs `work` in one transaction as the request's role with its JWT claims set the way PostgREST sets
 * them, so `auth.uid()` and row-level security decide what the request may see and write.
 */
export async function runAsRequestRole<T>(
  db: Database,
  request: RequestClaims,
  context: RequestContext,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    // The role comes from a closed list (RequestClaims), so interpolating it is safe; `set role` takes
    // no parameters.
    await tx.query(`set local role ${request.role}`);
    await tx.query(
      `select set_config('request.jwt.claims', $1, true), set_config('request.method', $2, true),
              set_config('request.path', $3, true)`,
      [JSON.stringify({ ...request.claims, role: request.role }), context.method, context.path],
    );
    return work(tx);
  });
}
