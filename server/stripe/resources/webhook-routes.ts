import { randomBytes } from 'node:crypto';
import type { StripeRouter } from '../create-stripe-routes';
import { invalidRequest, missingParam } from '../stripe-api-error';
import { STRIPE_API_VERSION } from '../stripe-events';
import { stripeId } from '../stripe-id';
import { listAnswer } from '../stripe-lists';
import type { StoredWebhookEndpoint } from '../stripe-objects';

/** Webhook endpoints (the signing secret is shown at creation only) and the events the emulator recorded. */
export function webhookRoutes(router: StripeRouter): void {
  router.post('/webhook_endpoints', async (context) => {
    const { params, store } = context;
    const url = params.string('url');
    if (url === undefined) throw missingParam('url');
    if (!/^https?:\/\//.test(url)) throw invalidRequest('Invalid URL: the URL must start with http:// or https://.', 'url', 'url_invalid');
    const events = params.strings('enabled_events');
    if (events === undefined || events.length === 0) throw missingParam('enabled_events');
    const endpoint: StoredWebhookEndpoint = {
      id: stripeId('we'),
      object: 'webhook_endpoint',
      api_version: params.string('api_version') ?? STRIPE_API_VERSION,
      application: null,
      created: context.now(),
      description: params.string('description') ?? null,
      enabled_events: events,
      livemode: false,
      metadata: params.metadata() ?? {},
      status: 'enabled',
      url,
      secret: `whsec_${randomBytes(24).toString('hex')}`,
    };
    await store.put('webhook_endpoint', endpoint);
    return { status: 200, body: { ...(await renderedObject(context.render(endpoint))), secret: endpoint.secret } };
  });

  router.get('/webhook_endpoints/:id', async (context) => ({ status: 200, body: await context.render(await context.store.get('webhook_endpoint', context.path.id ?? '')) }));

  router.post('/webhook_endpoints/:id', async (context) => {
    const { params } = context;
    const current = await context.store.get('webhook_endpoint', context.path.id ?? '');
    const disabled = params.boolean('disabled');
    const next: StoredWebhookEndpoint = {
      ...current,
      url: params.string('url') ?? current.url,
      enabled_events: params.strings('enabled_events') ?? current.enabled_events,
      description: params.string('description') ?? current.description,
      metadata: params.metadata(current.metadata) ?? current.metadata,
      status: disabled === undefined ? current.status : disabled ? 'disabled' : 'enabled',
    };
    await context.store.put('webhook_endpoint', next);
    return { status: 200, body: await context.render(next) };
  });

  router.delete('/webhook_endpoints/:id', async (context) => {
    const endpoint = await context.store.get('webhook_endpoint', context.path.id ?? '');
    await context.store.remove(endpoint.id);
    return { status: 200, body: { id: endpoint.id, object: 'webhook_endpoint', deleted: true } };
  });

  router.get('/webhook_endpoints', (context) => listAnswer(context, 'webhook_endpoint', {}, '/v1/webhook_endpoints'));

  router.get('/events/:id', async (context) => ({ status: 200, body: await context.render(await context.store.get('event', context.path.id ?? '')) }));

  router.get('/events', async (context) => {
    const type = context.params.string('type');
    return listAnswer(context, 'event', type === undefined ? {} : { type }, '/v1/events');
  });
}

async function renderedObject(value: Promise<unknown>): Promise<Record<string, unknown>> {
  const rendered = await value;
  return typeof rendered === 'object' && rendered !== null ? { ...rendered } : {};
}
