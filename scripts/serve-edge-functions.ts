// Serves every supabase/functions/<name>/index.ts under Deno on one port, the way Supabase's Edge
// Runtime routes `/<name>` to a function: each entry runs unchanged, its Deno.serve handler is taken
// as it registers and mounted at `/<name>`. The local stack forwards `/functions/v1/*` here when started
// with FUNCTIONS_URL (server/config.ts). Run with scripts/deno.mjs:
//   node scripts/deno.mjs run --allow-net --allow-env --allow-read scripts/serve-edge-functions.ts
// (the functions' environment is theirs: SUPABASE_URL, STRIPE_SECRET_KEY, ... see functions-env.ts).
type FetchHandler = (request: Request) => Response | Promise<Response>;

const functionsDir = new URL('../supabase/functions/', import.meta.url);
const port = Number(Deno.env.get('EDGE_FUNCTIONS_PORT') ?? '54321');
const serve = Deno.serve.bind(Deno);
const handlers = new Map<string, FetchHandler>();

let registering: string | undefined;
// Each entry calls Deno.serve once at import; this takes its handler instead of opening a port per function.
Object.defineProperty(Deno, 'serve', {
  configurable: true,
  value: (handler: FetchHandler) => {
    if (registering === undefined) throw new Error('Deno.serve called outside an entry import');
    handlers.set(registering, handler);
    return { finished: Promise.resolve(), ref() {}, unref() {}, shutdown: () => Promise.resolve(), addr: { transport: 'tcp', hostname: '127.0.0.1', port } };
  },
});

for await (const entry of Deno.readDir(functionsDir)) {
  if (!entry.isDirectory || !/^[a-z0-9][a-z0-9_-]*$/.test(entry.name)) continue;
  const index = new URL(`${entry.name}/index.ts`, functionsDir);
  try {
    await Deno.stat(index);
  } catch {
    continue;
  }
  registering = entry.name;
  await import(index.href);
  if (!handlers.has(entry.name)) throw new Error(`${entry.name}/index.ts did not call Deno.serve`);
}
registering = undefined;

serve({ hostname: '127.0.0.1', port, onListen: ({ port: listening }) => console.log(`Edge functions (${[...handlers.keys()].sort().join(', ')}) on http://127.0.0.1:${listening}`) }, (request) => {
  const name = new URL(request.url).pathname.split('/')[1] ?? '';
  const handler = handlers.get(name);
  if (handler === undefined) return Response.json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, { status: 404 });
  return handler(request);
});
