import type Stripe from 'stripe';
import { invalidRequest } from '../stripe-api-error';
import type { StripeRouter } from '../create-stripe-routes';
import { stripeId } from '../stripe-id';
import { listAnswer, searchAnswer } from '../stripe-lists';
import type { Wire } from '../wire';

/** Products: create (with an optional own id, as the catalogue sync uses), retrieve, update, delete, list, search. */
export function productRoutes(router: StripeRouter): void {
  router.post('/products', async (context) => {
    const { params, store } = context;
    const id = params.string('id') ?? stripeId('prod', 14);
    if ((await store.findAny(id)) !== undefined) throw invalidRequest(`Product already exists.`, 'id', 'resource_already_exists');
    const created = context.now();
    const product: Wire<Stripe.Product> = {
      id,
      object: 'product',
      active: params.boolean('active') ?? true,
      created,
      default_price: null,
      description: params.nullableString('description') ?? null,
      images: params.strings('images') ?? [],
      livemode: false,
      marketing_features: [],
      metadata: params.metadata() ?? {},
      name: params.requiredString('name'),
      package_dimensions: null,
      shippable: null,
      statement_descriptor: params.nullableString('statement_descriptor') ?? null,
      tax_code: null,
      tax_details: null,
      type: 'service',
      unit_label: params.nullableString('unit_label') ?? null,
      updated: created,
      url: params.nullableString('url') ?? null,
    };
    await store.put('product', product);
    await context.emit('product.created', product);
    return { status: 200, body: await context.render(product) };
  });

  router.get('/products/search', (context) => searchAnswer(context, 'product', '/v1/products/search'));

  router.get('/products/:id', async (context) => {
    const product = await context.store.get('product', context.path.id ?? '');
    return { status: 200, body: await context.render(product) };
  });

  router.post('/products/:id', async (context) => {
    const { params, store } = context;
    const current = await store.get('product', context.path.id ?? '');
    const defaultPrice = params.nullableString('default_price');
    if (typeof defaultPrice === 'string') {
      const price = await store.get('price', defaultPrice, 'default_price');
      if (price.product !== current.id) throw invalidRequest('The default price must belong to this product.', 'default_price');
    }
    const previous: Record<string, unknown> = {};
    const next: Wire<Stripe.Product> = {
      ...current,
      active: params.boolean('active') ?? current.active,
      name: params.string('name') ?? current.name,
      description: params.nullableString('description') === undefined ? current.description : (params.nullableString('description') ?? null),
      metadata: params.metadata(current.metadata) ?? current.metadata,
      default_price: defaultPrice === undefined ? current.default_price : defaultPrice,
      updated: context.now(),
    };
    for (const key of ['active', 'name', 'description', 'metadata', 'default_price'] as const) {
      if (JSON.stringify(next[key]) !== JSON.stringify(current[key])) previous[key] = current[key];
    }
    await store.put('product', next);
    if (Object.keys(previous).length > 0) await context.emit('product.updated', next, previous);
    return { status: 200, body: await context.render(next) };
  });

  router.delete('/products/:id', async (context) => {
    const { store } = context;
    const product = await store.get('product', context.path.id ?? '');
    if ((await store.all('price', { product: product.id })).length > 0) {
      throw invalidRequest('This product cannot be deleted because it has one or more user-created prices.', undefined, 'product_has_prices');
    }
    await store.remove(product.id);
    await context.emit('product.deleted', product);
    return { status: 200, body: { id: product.id, object: 'product', deleted: true } };
  });

  router.get('/products', async (context) => {
    const active = context.params.boolean('active');
    return listAnswer(context, 'product', active === undefined ? {} : { active }, '/v1/products');
  });
}
