/**
 * The messages between the sandbox object (in the app's page) and its payment form (an iframe the
 * local stack serves at /_stripe-js/). Card data stays inside the frame: the frame posts the confirm to
 * the emulator itself and answers the page with what Stripe answered (a PaymentIntent or an error),
 * exactly as Stripe.js's controller and its element frames split the work.
 *
 * Both sides check the other's origin and source window, and parse what they receive with these
 * guards: a message is data from another document, not a trusted value.
 */

/** Marks our messages among whatever else the page receives (extensions, other frames). */
export const SANDBOX_CHANNEL = 'stripe-sandbox';

/** Where the frames live on the stack. */
export const FRAME_PATHS = {
  paymentElement: '/_stripe-js/payment-element.html',
  threeDSecure: '/_stripe-js/three-d-secure.html',
} as const;

/** Stripe's StripeError shape as far as the sandbox produces or forwards it (STRIPE.md 2.5). */
export interface SandboxStripeError {
  readonly type: string;
  readonly code?: string;
  readonly decline_code?: string;
  readonly message?: string;
  readonly param?: string;
  readonly charge?: string;
  readonly doc_url?: string;
  readonly payment_intent?: Readonly<Record<string, unknown>>;
  readonly payment_method?: Readonly<Record<string, unknown>>;
}

/** The PaymentIntent fields the sandbox reads; the rest passes through untouched. */
export interface SandboxPaymentIntent extends Readonly<Record<string, unknown>> {
  readonly id: string;
  readonly status: string;
  readonly next_action?: unknown;
}

export type SandboxResult<T extends string, V> = { readonly [K in T]: V } | { readonly error: SandboxStripeError };

export type ConfirmOutcome =
  | { readonly kind: 'error'; readonly error: SandboxStripeError }
  | { readonly kind: 'paymentIntent'; readonly paymentIntent: SandboxPaymentIntent };

/** Page -> payment frame. */
export type ToPaymentFrame =
  | { readonly channel: typeof SANDBOX_CHANNEL; readonly type: 'confirm'; readonly requestId: number; readonly returnUrl: string | undefined }
  | { readonly channel: typeof SANDBOX_CHANNEL; readonly type: 'update'; readonly paymentMethodOrder: readonly string[] | undefined }
  | { readonly channel: typeof SANDBOX_CHANNEL; readonly type: 'focus' | 'blur' | 'clear' };

/** Payment frame -> page. */
export type FromPaymentFrame =
  | { readonly channel: typeof SANDBOX_CHANNEL; readonly type: 'ready' | 'focus' | 'blur' | 'escape' }
  | { readonly channel: typeof SANDBOX_CHANNEL; readonly type: 'resize'; readonly height: number }
  | {
      readonly channel: typeof SANDBOX_CHANNEL;
      readonly type: 'change';
      readonly empty: boolean;
      readonly complete: boolean;
      readonly paymentMethodType: string;
      /** The validation error the form shows now, if any (Stripe's elements put it on `change`). */
      readonly error?: SandboxStripeError;
    }
  | { readonly channel: typeof SANDBOX_CHANNEL; readonly type: 'loaderror'; readonly error: SandboxStripeError }
  | { readonly channel: typeof SANDBOX_CHANNEL; readonly type: 'confirmed'; readonly requestId: number; readonly outcome: ConfirmOutcome };

/** 3-D Secure frame -> page: the PaymentIntent after the challenge, or the error the emulator answered. */
export type FromThreeDSecureFrame = { readonly channel: typeof SANDBOX_CHANNEL; readonly type: 'authenticated'; readonly outcome: ConfirmOutcome };

/** What the page tells a frame through its URL fragment (never sent to a server, like Stripe's frames). */
export interface PaymentFrameParams {
  readonly parentOrigin: string;
  readonly publishableKey: string;
  readonly clientSecret: string;
  readonly paymentMethodOrder: readonly string[];
  readonly locale: string;
}

export interface ThreeDSecureFrameParams {
  readonly parentOrigin: string;
  readonly publishableKey: string;
  readonly clientSecret: string;
  readonly locale: string;
}

export function encodeFrameParams(params: PaymentFrameParams | ThreeDSecureFrameParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) search.set(key, Array.isArray(value) ? value.join(',') : String(value));
  return search.toString();
}

export function decodePaymentFrameParams(hash: string): PaymentFrameParams | undefined {
  const search = new URLSearchParams(hash.replace(/^#/, ''));
  const parentOrigin = search.get('parentOrigin');
  const publishableKey = search.get('publishableKey');
  const clientSecret = search.get('clientSecret');
  if (!parentOrigin || !publishableKey || !clientSecret) return undefined;
  const order = search.get('paymentMethodOrder');
  return {
    parentOrigin,
    publishableKey,
    clientSecret,
    paymentMethodOrder: order ? order.split(',').filter((type) => type !== '') : [],
    locale: search.get('locale') ?? 'auto',
  };
}

export function decodeThreeDSecureFrameParams(hash: string): ThreeDSecureFrameParams | undefined {
  const search = new URLSearchParams(hash.replace(/^#/, ''));
  const parentOrigin = search.get('parentOrigin');
  const publishableKey = search.get('publishableKey');
  const clientSecret = search.get('clientSecret');
  if (!parentOrigin || !publishableKey || !clientSecret) return undefined;
  return { parentOrigin, publishableKey, clientSecret, locale: search.get('locale') ?? 'auto' };
}

/** The PaymentIntent id inside its client secret (`pi_123_secret_abc` -> `pi_123`), as Stripe.js derives it. */
export function paymentIntentIdOf(clientSecret: string): string | undefined {
  const match = /^(pi_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+$/.exec(clientSecret);
  return match?.[1];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function parseStripeError(value: unknown): SandboxStripeError | undefined {
  if (!isRecord(value) || typeof value.type !== 'string') return undefined;
  // Forwarded as Stripe sent it; only the discriminating field is required.
  return value as SandboxStripeError & Record<string, unknown>;
}

export function parsePaymentIntent(value: unknown): SandboxPaymentIntent | undefined {
  if (!isRecord(value) || typeof value.id !== 'string' || typeof value.status !== 'string' || value.object !== 'payment_intent') return undefined;
  return { ...value, id: value.id, status: value.status };
}

function parseOutcome(value: unknown): ConfirmOutcome | undefined {
  if (!isRecord(value)) return undefined;
  if (value.kind === 'error') {
    const error = parseStripeError(value.error);
    return error ? { kind: 'error', error } : undefined;
  }
  if (value.kind === 'paymentIntent') {
    const paymentIntent = parsePaymentIntent(value.paymentIntent);
    return paymentIntent ? { kind: 'paymentIntent', paymentIntent } : undefined;
  }
  return undefined;
}

/** A message from the payment frame, or undefined for anything else. */
export function parseFromPaymentFrame(data: unknown): FromPaymentFrame | undefined {
  if (!isRecord(data) || data.channel !== SANDBOX_CHANNEL) return undefined;
  const channel = SANDBOX_CHANNEL;
  switch (data.type) {
    case 'ready':
    case 'focus':
    case 'blur':
    case 'escape':
      return { channel, type: data.type };
    case 'resize':
      return typeof data.height === 'number' && Number.isFinite(data.height) ? { channel, type: 'resize', height: data.height } : undefined;
    case 'change': {
      if (typeof data.empty !== 'boolean' || typeof data.complete !== 'boolean' || typeof data.paymentMethodType !== 'string') return undefined;
      const error = parseStripeError(data.error);
      return { channel, type: 'change', empty: data.empty, complete: data.complete, paymentMethodType: data.paymentMethodType, ...(error ? { error } : {}) };
    }
    case 'loaderror': {
      const error = parseStripeError(data.error);
      return error ? { channel, type: 'loaderror', error } : undefined;
    }
    case 'confirmed': {
      const outcome = parseOutcome(data.outcome);
      return outcome && typeof data.requestId === 'number' ? { channel, type: 'confirmed', requestId: data.requestId, outcome } : undefined;
    }
    default:
      return undefined;
  }
}

export function parseFromThreeDSecureFrame(data: unknown): FromThreeDSecureFrame | undefined {
  if (!isRecord(data) || data.channel !== SANDBOX_CHANNEL || data.type !== 'authenticated') return undefined;
  const outcome = parseOutcome(data.outcome);
  return outcome ? { channel: SANDBOX_CHANNEL, type: 'authenticated', outcome } : undefined;
}

/** A message from the page, for the payment frame. */
export function parseToPaymentFrame(data: unknown): ToPaymentFrame | undefined {
  if (!isRecord(data) || data.channel !== SANDBOX_CHANNEL) return undefined;
  const channel = SANDBOX_CHANNEL;
  switch (data.type) {
    case 'confirm':
      return typeof data.requestId === 'number' && (data.returnUrl === undefined || typeof data.returnUrl === 'string')
        ? { channel, type: 'confirm', requestId: data.requestId, returnUrl: data.returnUrl }
        : undefined;
    case 'update': {
      const order = data.paymentMethodOrder;
      if (order !== undefined && !(Array.isArray(order) && order.every((item) => typeof item === 'string'))) return undefined;
      return { channel, type: 'update', paymentMethodOrder: order };
    }
    case 'focus':
    case 'blur':
    case 'clear':
      return { channel, type: data.type };
    default:
      return undefined;
  }
}

/** A PaymentIntent or Stripe's error body, from an emulator answer; network trouble as Stripe.js reports it. */
export async function readPaymentIntentAnswer(request: () => Promise<Response>): Promise<SandboxResult<'paymentIntent', SandboxPaymentIntent>> {
  let body: unknown;
  try {
    const response = await request();
    body = await response.json();
  } catch {
    return { error: { type: 'api_connection_error', message: 'An error occurred with our connection to Stripe. Request was retried 0 times.' } };
  }
  const paymentIntent = parsePaymentIntent(body);
  if (paymentIntent) return { paymentIntent };
  const error = typeof body === 'object' && body !== null && 'error' in body ? parseStripeError(body.error) : undefined;
  return { error: error ?? { type: 'api_error', message: 'The payment provider answered something unexpected.' } };
}
