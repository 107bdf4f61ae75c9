import type { Database } from '../../db/database';
import type { StoredEvent, StoredWebhookEndpoint } from '../stripe-objects';
import { webhookSignature } from './webhook-signature';

export interface WebhookDispatcherOptions {
  readonly db: Database;
  /** How deliveries go out (the stack answers its own URL in-process). */
  readonly fetch: typeof fetch;
  /** First retry delay; each further one doubles, capped at an hour (Stripe retries for days). */
  readonly retryBaseMs?: number;
  /** Attempts before a delivery is given up (marked failed). */
  readonly maxAttempts?: number;
  readonly timeoutMs?: number;
}

interface DueDelivery {
  readonly id: string;
  readonly attempts: number;
  readonly event: StoredEvent;
  readonly endpoint: StoredWebhookEndpoint;
}

/**
 * Delivers the outbox (`stripe.webhook_deliveries`) as Stripe does: POST the event JSON with a
 * `Stripe-Signature`, a 2xx answer means delivered, anything else is retried with exponential
 * back-off. The outbox is in the database, so deliveries owed before a restart go out after it.
 */
export class WebhookDispatcher {
  private readonly options: Required<Omit<WebhookDispatcherOptions, 'db' | 'fetch'>> & Pick<WebhookDispatcherOptions, 'db' | 'fetch'>;
  private running: Promise<void> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** Drains that failed in a row (the database was unreachable): the next try waits longer. */
  private failedDrains = 0;

  constructor(options: WebhookDispatcherOptions) {
    this.options = { retryBaseMs: 1000, maxAttempts: 8, timeoutMs: 10_000, ...options };
  }

  /** Looks for due deliveries now (after a request committed events, or at start-up). */
  kick(): void {
    if (this.stopped) return;
    if (this.running !== undefined) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .then(() => {
        this.failedDrains = 0;
      })
      .catch((error: unknown) => {
        console.error('Stripe webhook delivery failed', error);
        this.retryAfterFailure();
      })
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Stops scheduling and waits for the delivery in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    await this.running;
  }

  /**
   * A drain that failed (the outbox could not be read or written: the database restarted) scheduled no
   * next look, so deliveries owed would wait for the next Stripe write. Try again on a back-off instead,
   * so the outbox empties once the database is back even when no new event arrives.
   */
  private retryAfterFailure(): void {
    if (this.stopped) return;
    // Capped low: a failed look costs one query, and an outage's end should be noticed within seconds.
    const delayMs = Math.min(this.options.retryBaseMs * 2 ** this.failedDrains, 5_000);
    this.failedDrains += 1;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.kick(), delayMs);
    this.timer.unref();
  }

  private async drain(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const due = await this.due();
      if (due.length === 0) break;
      for (const delivery of due) await this.deliver(delivery);
    }
    await this.scheduleNext();
  }

  private async due(): Promise<DueDelivery[]> {
    const rows = await this.options.db.query<{ id: string; attempts: number; event: StoredEvent; endpoint: StoredWebhookEndpoint }>(
      `select d.id::text as id, d.attempts, e.data as event, w.data as endpoint
       from stripe.webhook_deliveries d
       join stripe.objects e on e.id = d.event_id
       join stripe.objects w on w.id = d.endpoint_id
       where d.status = 'pending' and d.next_attempt_at <= now()
       order by d.id limit 20`,
    );
    // An endpoint deleted meanwhile owes nothing.
    await this.options.db.query(
      `update stripe.webhook_deliveries d set status = 'failed', last_error = 'endpoint deleted'
       where d.status = 'pending' and not exists (select 1 from stripe.objects w where w.id = d.endpoint_id)`,
    );
    return rows.rows;
  }

  private async deliver(delivery: DueDelivery): Promise<void> {
    const pending = await this.options.db.query<{ count: number }>(
      `select count(*)::int as count from stripe.webhook_deliveries where event_id = $1 and status = 'pending'`,
      [delivery.event.id],
    );
    const body = JSON.stringify({ ...delivery.event, pending_webhooks: pending.rows[0]?.count ?? 1 }, null, 2);
    const timestamp = Math.floor(Date.now() / 1000);
    let status: number | null = null;
    let failure: string | null = null;
    try {
      const answer = await this.options.fetch(delivery.endpoint.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'Stripe-Signature': webhookSignature(delivery.endpoint.secret, body, timestamp),
        },
        body,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      status = answer.status;
      await answer.arrayBuffer().catch(() => undefined);
      if (!answer.ok) failure = `HTTP ${answer.status}`;
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    const attempts = delivery.attempts + 1;
    if (failure === null) {
      await this.options.db.query(
        `update stripe.webhook_deliveries set status = 'delivered', attempts = $2::int, last_status = $3::int, last_error = null, delivered_at = now() where id = $1::bigint`,
        [delivery.id, attempts, status],
      );
      return;
    }
    const delayMs = Math.min(this.options.retryBaseMs * 2 ** (attempts - 1), 3_600_000);
    await this.options.db.query(
      `update stripe.webhook_deliveries set attempts = $2::int, last_status = $3::int, last_error = $4,
         status = case when $2::int >= $5::int then 'failed' else 'pending' end,
         next_attempt_at = now() + ($6::text || ' milliseconds')::interval
       where id = $1::bigint`,
      [delivery.id, attempts, status, failure, this.options.maxAttempts, String(delayMs)],
    );
  }

  private async scheduleNext(): Promise<void> {
    if (this.stopped) return;
    const next = await this.options.db.query<{ wait_ms: number }>(
      `select greatest(0, extract(epoch from (min(next_attempt_at) - now())) * 1000)::float8 as wait_ms
       from stripe.webhook_deliveries where status = 'pending' having count(*) > 0`,
    );
    const wait = next.rows[0]?.wait_ms;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    if (wait === undefined) return;
    this.timer = setTimeout(() => this.kick(), Math.ceil(wait) + 5);
    this.timer.unref();
  }
}
