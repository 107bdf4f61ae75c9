import { Hono } from 'hono';
import { html } from 'hono/html';
import type { Database } from '../db/database';
import { devHtmlTable } from '../dev-html-table';
import { StripeStore } from './stripe-store';

const limit = 50;

/**
 * `/_dev/stripe`: what the emulator holds, for a person checking a local checkout: the newest
 * customers, subscriptions, payments and webhook deliveries. Read-only; dev routes only.
 */
export function createStripeDevRoutes({ db }: { readonly db: Database }): Hono {
  const app = new Hono();
  app.get('/', async (c) => {
    const store = new StripeStore(db);
    const customers = (await store.all('customer')).slice(0, limit);
    const subscriptions = (await store.all('subscription')).slice(0, limit);
    const payments = (await store.all('payment_intent')).slice(0, limit);
    const deliveries = await db.query<{ event_id: string; type: string; url: string; status: string; attempts: number; last_status: number | null; last_error: string | null; created_at: Date }>(
      `select d.event_id, e.data ->> 'type' as type, w.data ->> 'url' as url, d.status, d.attempts, d.last_status, d.last_error, d.created_at
       from stripe.webhook_deliveries d
       left join stripe.objects e on e.id = d.event_id
       left join stripe.objects w on w.id = d.endpoint_id
       order by d.id desc limit ${limit}`,
    );
    const time = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
    const money = (amount: number, currency: string) => `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;
    return c.html(html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <title>Stripe emulator</title>
        </head>
        <body>
          <h1>Stripe emulator</h1>
          <p>Newest ${limit} of each, from schema <code>stripe</code>. The API is at <code>/v1</code>.</p>
          ${devHtmlTable(
            'Customers',
            ['id', 'email', 'created', 'test clock'],
            customers.map((customer) => [customer.id, customer.email, time(customer.created), typeof customer.test_clock === 'string' ? customer.test_clock : null]),
          )}
          ${devHtmlTable(
            'Subscriptions',
            ['id', 'customer', 'status', 'price', 'period end', 'cancel at period end'],
            subscriptions.map((subscription) => [
              subscription.id,
              typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
              subscription.status,
              subscription.items.data[0]?.price.lookup_key ?? subscription.items.data[0]?.price.id ?? null,
              subscription.items.data[0] === undefined ? null : time(subscription.items.data[0].current_period_end),
              subscription.cancel_at_period_end ? 'yes' : 'no',
            ]),
          )}
          ${devHtmlTable(
            'Payments',
            ['id', 'customer', 'amount', 'status', 'last error'],
            payments.map((intent) => [
              intent.id,
              typeof intent.customer === 'string' ? intent.customer : null,
              money(intent.amount, intent.currency),
              intent.status,
              intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code ?? null,
            ]),
          )}
          ${devHtmlTable(
            'Webhook deliveries',
            ['event', 'type', 'endpoint', 'status', 'attempts', 'last answer'],
            deliveries.rows.map((row) => [row.event_id, row.type, row.url, row.status, row.attempts, row.last_status ?? row.last_error]),
          )}
        </body>
      </html>`);
  });
  return app;
}
