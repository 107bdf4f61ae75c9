import type Stripe from 'stripe';
import { StripeApiError } from '../stripe-api-error';
import type { StripeRouter } from '../create-stripe-routes';
import { stripeId } from '../stripe-id';
import { listAnswer, searchAnswer } from '../stripe-lists';
import type { Wire } from '../wire';

type WireCustomer = Wire<Stripe.Customer>;

/** Customers: create (optionally on a test clock), retrieve, update, delete, list by e-mail, search. */
export function customerRoutes(router: StripeRouter): void {
  router.post('/customers', async (context) => {
    const { params, store } = context;
    const clockId = params.string('test_clock');
    const clock = clockId === undefined ? undefined : await store.get('test_helpers.test_clock', clockId, 'test_clock');
    const defaultPaymentMethod = params.object('invoice_settings')?.nullableString('default_payment_method') ?? null;
    if (defaultPaymentMethod !== null) await store.get('payment_method', defaultPaymentMethod, 'invoice_settings[default_payment_method]');
    const customer: WireCustomer = {
      id: stripeId('cus', 14),
      object: 'customer',
      address: null,
      balance: 0,
      created: clock?.frozen_time ?? context.now(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: params.nullableString('description') ?? null,
      discount: null,
      email: params.nullableString('email') ?? null,
      invoice_prefix: stripeId('x', 8).slice(2).toUpperCase(),
      invoice_settings: {
        custom_fields: null,
        default_payment_method: defaultPaymentMethod,
        footer: null,
        rendering_options: null,
      },
      livemode: false,
      metadata: params.metadata() ?? {},
      name: params.nullableString('name') ?? null,
      next_invoice_sequence: 1,
      phone: params.nullableString('phone') ?? null,
      preferred_locales: params.strings('preferred_locales') ?? [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: clock?.id ?? null,
    };
    await store.put('customer', customer);
    await context.emit('customer.created', customer);
    return { status: 200, body: await context.render(customer) };
  });

  router.get('/customers/search', (context) => searchAnswer(context, 'customer', '/v1/customers/search'));

  router.get('/customers/:id', async (context) => {
    const customer = await context.store.get('customer', context.path.id ?? '');
    return { status: 200, body: await context.render(customer) };
  });

  router.post('/customers/:id', async (context) => {
    const { params, store } = context;
    const current = await store.get('customer', context.path.id ?? '');
    const settings = params.object('invoice_settings');
    const defaultPaymentMethod = settings?.nullableString('default_payment_method');
    if (typeof defaultPaymentMethod === 'string') {
      const method = await store.get('payment_method', defaultPaymentMethod, 'invoice_settings[default_payment_method]');
      if (method.customer !== current.id) {
        throw new StripeApiError(400, {
          type: 'invalid_request_error',
          message: `No such PaymentMethod: '${defaultPaymentMethod}'; It's possible this PaymentMethod exists on one of your connected accounts, in which case you should retry this request on that connected account.`,
          param: 'invoice_settings[default_payment_method]',
          code: 'resource_missing',
        });
      }
    }
    const nullable = (key: string, fallback: string | null | undefined): string | null => {
      const value = params.nullableString(key);
      return value === undefined ? (fallback ?? null) : value;
    };
    const next: WireCustomer = {
      ...current,
      email: nullable('email', current.email),
      name: nullable('name', current.name),
      description: nullable('description', current.description),
      phone: nullable('phone', current.phone),
      metadata: params.metadata(current.metadata) ?? current.metadata,
      invoice_settings: {
        ...current.invoice_settings,
        default_payment_method: defaultPaymentMethod === undefined ? current.invoice_settings.default_payment_method : defaultPaymentMethod,
      },
    };
    const previous: Record<string, unknown> = {};
    for (const key of ['email', 'name', 'description', 'phone', 'metadata', 'invoice_settings'] as const) {
      if (JSON.stringify(next[key]) !== JSON.stringify(current[key])) previous[key] = current[key];
    }
    await store.put('customer', next);
    if (Object.keys(previous).length > 0) await context.emit('customer.updated', next, previous);
    return { status: 200, body: await context.render(next) };
  });

  router.delete('/customers/:id', async (context) => {
    const { store } = context;
    const customer = await store.get('customer', context.path.id ?? '');
    await store.remove(customer.id);
    await context.emit('customer.deleted', customer);
    return { status: 200, body: { id: customer.id, object: 'customer', deleted: true } };
  });

  router.get('/customers', async (context) => {
    const { params } = context;
    const where: Record<string, unknown> = {};
    // Stripe's list filter is exact and case-sensitive (STRIPE.md 1.4), unlike search.
    const email = params.string('email');
    if (email !== undefined) where.email = email;
    const clock = params.string('test_clock');
    if (clock !== undefined) where.test_clock = clock;
    return listAnswer(context, 'customer', where, '/v1/customers');
  });
}
