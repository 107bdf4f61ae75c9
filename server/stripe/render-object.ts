import { invalidRequest } from './stripe-api-error';
import { idPrefixes } from './stripe-objects';
import type { StripeStore } from './stripe-store';

/**
 * Fields Stripe only includes when asked for with `expand[]` (STRIPE.md 1.3), by object type. They are
 * stored with the object and left out of every answer that does not expand them.
 */
const includable: Readonly<Record<string, readonly string[]>> = {
  price: ['currency_options'],
  invoice: ['confirmation_secret', 'payments'],
  webhook_endpoint: ['secret'],
};

const maxExpandDepth = 4;

/**
 * An object as Stripe answers it: includable fields only when expanded, and every `expand[]` path
 * (`latest_invoice.confirmation_secret`, `data.currency_options`, `items.data.price.product`) followed,
 * turning ids into the objects they name.
 */
export async function renderObject(store: StripeStore, value: unknown, expand: readonly string[]): Promise<unknown> {
  for (const path of expand) {
    if (path.split('.').length > maxExpandDepth) {
      throw invalidRequest(`You cannot expand more than ${maxExpandDepth} levels of a property. Property: ${path}`, 'expand');
    }
  }
  return render(store, value, expand.map((path) => path.split('.')));
}

async function render(store: StripeStore, value: unknown, paths: readonly (readonly string[])[]): Promise<unknown> {
  if (Array.isArray(value)) return Promise.all(value.map((entry) => render(store, entry, paths)));
  if (typeof value !== 'object' || value === null) return value;
  const source: Record<string, unknown> = { ...value };
  const kind = typeof source.object === 'string' ? source.object : undefined;
  const hidden = kind === undefined ? [] : (includable[kind] ?? []);
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(source)) {
    const below = paths.filter((path) => path[0] === key).map((path) => path.slice(1));
    const asked = below.length > 0;
    if (hidden.includes(key) && !asked) continue;
    if (typeof field === 'string' && asked) {
      const expanded = await expandId(store, field);
      out[key] = expanded === undefined ? field : await render(store, expanded, below.filter((path) => path.length > 0));
      continue;
    }
    out[key] = await render(store, field, below.filter((path) => path.length > 0));
  }
  return out;
}

async function expandId(store: StripeStore, id: string): Promise<Record<string, unknown> | undefined> {
  const prefix = id.startsWith('sub_sched_') ? 'sub_sched' : id.slice(0, id.indexOf('_'));
  if (idPrefixes[prefix] === undefined) return undefined;
  return store.findAny(id);
}
