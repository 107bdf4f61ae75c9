// The Edge Function as Supabase deploys it (`supabase functions deploy cancel-contract-without-sign-in`): the handler in
// handler.ts, which the local stack mounts too, behind Deno.serve with its dependencies from the environment.
import { edgeFunction } from '../_shared/edge-function.ts';
import * as functionModule from './handler.ts';

Deno.serve(edgeFunction(functionModule, { env: (name) => Deno.env.get(name) }));
