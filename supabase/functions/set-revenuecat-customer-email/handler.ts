// Handler files import types only, so the same file resolves under Deno (which needs the `.ts`) and
// under the local stack's TypeScript (which accepts `.ts` on type-only imports).
import type { FunctionHandler } from '../_shared/function-handler.ts';

/**
 * Sent after login (spec): stores the signed-in user's e-mail on their RevenueCat customer
 * (app user id = auth user id) as the reserved attribute `$email`.
 */
export const handler: FunctionHandler = async (request, { user, revenueCat }) => {
  if (request.method !== 'POST') return Response.json({ error: 'method_not_allowed', message: 'Use POST' }, { status: 405 });
  if (user.email === null || user.email === '') {
    return Response.json({ error: 'no_email', message: 'The signed-in user has no e-mail address' }, { status: 400 });
  }
  await revenueCat.setAttributes(user.id, { $email: user.email });
  return Response.json({ app_user_id: user.id, email: user.email });
};
