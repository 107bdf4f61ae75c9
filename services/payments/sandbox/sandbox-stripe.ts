import { openThreeDSecureChallenge } from './open-three-d-secure-challenge';
import {
  FRAME_PATHS,
  SANDBOX_CHANNEL,
  encodeFrameParams,
  parseFromPaymentFrame,
  parseStripeError,
  paymentIntentIdOf,
  readPaymentIntentAnswer,
  type ConfirmOutcome,
  type FromPaymentFrame,
  type SandboxPaymentIntent,
  type SandboxResult,
  type SandboxStripeError,
  type ToPaymentFrame,
} from './sandbox-frame-protocol';

/** What the sandbox needs from its surroundings (the composition root passes the browser's). */
export interface SandboxStripeOptions {
  /** The emulator's publishable key (`pk_test_...`): sent as `key`, as Stripe.js sends its key. */
  readonly publishableKey: string;
  /** The local stack that serves the frames and `/v1/payment_intents` (its origin is checked on every message). */
  readonly stackUrl: string;
  readonly window: Window;
  /** How the page leaves for `return_url` (and PayPal's approval page); tests observe it. */
  readonly navigate: (url: string) => void;
  readonly fetch: typeof fetch;
}

type Handler = (event: Record<string, unknown>) => void;

/** Stripe.js's message when 3-D Secure fails and the PaymentIntent carries no last_payment_error. */
const AUTHENTICATION_FAILURE: SandboxStripeError = {
  type: 'invalid_request_error',
  code: 'payment_intent_authentication_failure',
  message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};

/** How long a confirm may take before the sandbox gives up the way Stripe.js does on a dead network. */
const CONFIRM_TIMEOUT_MS = 60_000;

/**
 * A Stripe.js-compatible object for the local stack (STRIPE.md section 2.4): what
 * `@stripe/react-stripe-js` calls on `Stripe`, its Elements group and its Payment Element, backed by
 * the form frame the stack serves and by the emulator's `/v1/payment_intents` routes, authenticated
 * with the publishable key and the client secret as parameters, exactly as Stripe.js authenticates.
 */
export class SandboxStripe {
  private readonly stackOrigin: string;

  constructor(private readonly options: SandboxStripeOptions) {
    this.stackOrigin = new URL(options.stackUrl).origin;
  }

  /** Synchronous, as Stripe.js: react-stripe-js calls it during render. */
  elements(options: { readonly clientSecret?: string; readonly locale?: string } = {}): SandboxElements {
    return new SandboxElements(this.options, this.stackOrigin, options.clientSecret, options.locale ?? 'auto');
  }

  async confirmPayment(params: {
    readonly elements?: SandboxElements;
    readonly clientSecret?: string;
    readonly confirmParams?: { readonly return_url?: string };
    readonly redirect?: 'always' | 'if_required';
  }): Promise<SandboxResult<'paymentIntent', SandboxPaymentIntent>> {
    const element = params.elements?.getElement('payment');
    // Stripe.js throws an IntegrationError for these: they are programming mistakes, not payment outcomes.
    if (!params.elements || !element) throw new Error('Invalid value for confirmPayment: elements should have a mounted Payment Element.');
    const clientSecret = params.clientSecret ?? params.elements.clientSecret;
    if (!clientSecret || !paymentIntentIdOf(clientSecret)) throw new Error('Invalid value for confirmPayment: clientSecret should be a client secret of the form ${id}_secret_${secret}.');
    const redirect = params.redirect ?? 'always';
    const returnUrl = params.confirmParams?.return_url;
    if (redirect === 'always' && !returnUrl) throw new Error('Invalid value for confirmPayment: confirmParams.return_url is required.');

    const outcome = await element.confirm(returnUrl);
    return this.settle(outcome, clientSecret, returnUrl, redirect, params.elements.locale);
  }

  async retrievePaymentIntent(clientSecret: string): Promise<SandboxResult<'paymentIntent', SandboxPaymentIntent>> {
    const id = paymentIntentIdOf(clientSecret);
    if (!id) throw new Error('Invalid value for retrievePaymentIntent: clientSecret should be a client secret of the form ${id}_secret_${secret}.');
    const query = new URLSearchParams({ key: this.options.publishableKey, client_secret: clientSecret });
    return readPaymentIntentAnswer(() => this.options.fetch(`${this.stackOrigin}/v1/payment_intents/${encodeURIComponent(id)}?${query}`));
  }

  // react-stripe-js checks that these are functions before it accepts the object (STRIPE.md 2.2); the
  // product never calls them, so they answer honestly that the sandbox does not do them.
  createToken(): Promise<{ error: SandboxStripeError }> {
    return unsupported('createToken');
  }

  createPaymentMethod(): Promise<{ error: SandboxStripeError }> {
    return unsupported('createPaymentMethod');
  }

  confirmCardPayment(): Promise<{ error: SandboxStripeError }> {
    return unsupported('confirmCardPayment');
  }

  /** Called by react-stripe-js with its name and version; Stripe.js uses it for telemetry only. */
  _registerWrapper(): void {}

  registerAppInfo(): void {}

  /** After the frame answered: 3-D Secure, the redirect to `return_url`, or the result to hand back. */
  private async settle(
    outcome: ConfirmOutcome,
    clientSecret: string,
    returnUrl: string | undefined,
    redirect: 'always' | 'if_required',
    locale: string,
  ): Promise<SandboxResult<'paymentIntent', SandboxPaymentIntent>> {
    if (outcome.kind === 'error') return { error: outcome.error };
    let paymentIntent = outcome.paymentIntent;
    const nextAction = readNextAction(paymentIntent);
    if (paymentIntent.status === 'requires_action' && nextAction?.type === 'redirect_to_url' && nextAction.url) {
      // A redirect-based method (PayPal): the page leaves for the approval page, which comes back to
      // return_url; the promise never settles, as in Stripe.js.
      // A path (the local emulator's approval page) is on the stack, not on the app's origin.
      this.options.navigate(new URL(nextAction.url, this.stackOrigin).toString());
      return new Promise(() => {});
    }
    if (paymentIntent.status === 'requires_action') {
      const challenged = await openThreeDSecureChallenge({
        window: this.options.window,
        frameUrl: `${this.stackOrigin}${FRAME_PATHS.threeDSecure}`,
        stackOrigin: this.stackOrigin,
        params: { parentOrigin: this.options.window.location.origin, publishableKey: this.options.publishableKey, clientSecret, locale },
      });
      if (challenged.kind === 'error') return { error: challenged.error };
      paymentIntent = challenged.paymentIntent;
    }
    if (paymentIntent.status === 'requires_payment_method') return { error: lastPaymentError(paymentIntent) };
    if (paymentIntent.status === 'succeeded' || paymentIntent.status === 'processing' || paymentIntent.status === 'requires_capture') {
      if (redirect === 'if_required' || !returnUrl) return { paymentIntent };
      this.options.navigate(withRedirectParams(returnUrl, paymentIntent.id, clientSecret, paymentIntent.status === 'succeeded' ? 'succeeded' : 'pending'));
      return new Promise(() => {});
    }
    return { error: { type: 'api_error', message: `The PaymentIntent is ${paymentIntent.status} after confirmation.`, payment_intent: paymentIntent } };
  }
}

/** The Elements group: remembers the client secret and creates the one Payment Element. */
export class SandboxElements {
  private element: SandboxPaymentElement | null = null;

  constructor(
    private readonly options: SandboxStripeOptions,
    private readonly stackOrigin: string,
    readonly clientSecret: string | undefined,
    private currentLocale: string,
  ) {}

  get locale(): string {
    return this.currentLocale;
  }

  create(type: string, options: { readonly paymentMethodOrder?: readonly string[] } = {}): SandboxPaymentElement {
    if (type !== 'payment') throw new Error(`The Stripe sandbox supports the Payment Element only, not '${type}'.`);
    if (!this.clientSecret) throw new Error('In order to create a payment element, you must pass a clientSecret or mode when creating the Elements group.');
    if (this.element) throw new Error('Can only create one Element of type payment.');
    const element = new SandboxPaymentElement({
      ...this.options,
      stackOrigin: this.stackOrigin,
      clientSecret: this.clientSecret,
      locale: this.currentLocale,
      paymentMethodOrder: options.paymentMethodOrder ?? [],
      onDestroy: () => {
        if (this.element === element) this.element = null;
      },
    });
    this.element = element;
    return element;
  }

  getElement(type: string): SandboxPaymentElement | null {
    return type === 'payment' ? this.element : null;
  }

  /** `clientSecret` and `fonts` cannot change (react-stripe-js never sends them); the locale applies to the next frame. */
  update(options: { readonly locale?: string }): void {
    if (options.locale) this.currentLocale = options.locale;
  }

  submit(): Promise<{ error: SandboxStripeError }> {
    return unsupported('elements.submit');
  }

  fetchUpdates(): Promise<{ error: SandboxStripeError }> {
    return unsupported('elements.fetchUpdates');
  }
}

interface PaymentElementSetup extends SandboxStripeOptions {
  readonly stackOrigin: string;
  readonly clientSecret: string;
  readonly locale: string;
  readonly paymentMethodOrder: readonly string[];
  readonly onDestroy: () => void;
}

/** The Payment Element: an iframe from the stack holding the form, and its events. */
export class SandboxPaymentElement {
  private frame: HTMLIFrameElement | undefined;
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly pending = new Map<number, (outcome: ConfirmOutcome) => void>();
  private nextRequestId = 1;
  private markReady: () => void = () => {};
  private ready: Promise<void> = new Promise((resolve) => (this.markReady = resolve));
  private paymentMethodOrder: readonly string[];
  private readonly onMessage = (event: MessageEvent): void => this.receive(event);

  constructor(private readonly setup: PaymentElementSetup) {
    this.paymentMethodOrder = setup.paymentMethodOrder;
  }

  mount(target: HTMLElement | string): void {
    const container = typeof target === 'string' ? this.setup.window.document.querySelector<HTMLElement>(target) : target;
    if (!container) throw new Error(`The selector you specified (${typeof target === 'string' ? target : target.tagName}) applies to no DOM elements.`);
    if (this.frame) throw new Error('This Element is already mounted.');
    const doc = this.setup.window.document;
    const frame = doc.createElement('iframe');
    frame.title = 'Secure payment input frame';
    frame.name = `sandbox-payment-element-${Math.random().toString(36).slice(2)}`;
    frame.setAttribute('allow', 'payment *');
    frame.setAttribute('scrolling', 'no');
    frame.style.border = '0';
    frame.style.width = '100%';
    frame.style.display = 'block';
    frame.style.height = '0px';
    frame.style.colorScheme = 'normal';
    frame.src = `${this.setup.stackOrigin}${FRAME_PATHS.paymentElement}#${encodeFrameParams({
      parentOrigin: this.setup.window.location.origin,
      publishableKey: this.setup.publishableKey,
      clientSecret: this.setup.clientSecret,
      paymentMethodOrder: this.paymentMethodOrder,
      locale: this.setup.locale,
    })}`;
    frame.addEventListener('error', () =>
      this.emit('loaderror', { elementType: 'payment', error: { type: 'api_connection_error', message: 'The payment form could not be loaded.' } }),
    );
    this.setup.window.addEventListener('message', this.onMessage);
    container.appendChild(frame);
    this.frame = frame;
  }

  on(event: string, handler: Handler): this {
    let set = this.handlers.get(event);
    if (!set) this.handlers.set(event, (set = new Set()));
    set.add(handler);
    return this;
  }

  off(event: string, handler?: Handler): this {
    if (handler) this.handlers.get(event)?.delete(handler);
    else this.handlers.delete(event);
    return this;
  }

  once(event: string, handler: Handler): this {
    const wrapped: Handler = (payload) => {
      this.off(event, wrapped);
      handler(payload);
    };
    return this.on(event, wrapped);
  }

  update(options: { readonly paymentMethodOrder?: readonly string[] }): void {
    if (options.paymentMethodOrder) this.paymentMethodOrder = options.paymentMethodOrder;
    this.post({ channel: SANDBOX_CHANNEL, type: 'update', paymentMethodOrder: options.paymentMethodOrder });
  }

  focus(): void {
    this.post({ channel: SANDBOX_CHANNEL, type: 'focus' });
  }

  blur(): void {
    this.post({ channel: SANDBOX_CHANNEL, type: 'blur' });
  }

  clear(): void {
    this.post({ channel: SANDBOX_CHANNEL, type: 'clear' });
  }

  collapse(): void {}

  unmount(): void {
    this.setup.window.removeEventListener('message', this.onMessage);
    this.frame?.remove();
    this.frame = undefined;
    this.ready = new Promise((resolve) => (this.markReady = resolve));
  }

  destroy(): void {
    this.unmount();
    this.handlers.clear();
    for (const resolve of this.pending.values()) resolve({ kind: 'error', error: { type: 'api_connection_error', message: 'The payment form was removed.' } });
    this.pending.clear();
    this.setup.onDestroy();
  }

  /** Asks the frame to validate and confirm with what the visitor typed; resolves with its answer. */
  async confirm(returnUrl: string | undefined): Promise<ConfirmOutcome> {
    await this.ready;
    const requestId = this.nextRequestId++;
    return new Promise<ConfirmOutcome>((resolve) => {
      const timer = this.setup.window.setTimeout(() => {
        this.pending.delete(requestId);
        resolve({ kind: 'error', error: { type: 'api_connection_error', message: 'The payment provider did not answer in time.' } });
      }, CONFIRM_TIMEOUT_MS);
      this.pending.set(requestId, (outcome) => {
        this.setup.window.clearTimeout(timer);
        resolve(outcome);
      });
      this.post({ channel: SANDBOX_CHANNEL, type: 'confirm', requestId, returnUrl });
    });
  }

  private post(message: ToPaymentFrame): void {
    // Only to the stack's origin: if the frame navigated elsewhere, the browser drops the message.
    this.frame?.contentWindow?.postMessage(message, this.setup.stackOrigin);
  }

  private receive(event: MessageEvent): void {
    if (!this.frame || event.source !== this.frame.contentWindow || event.origin !== this.setup.stackOrigin) return;
    const message: FromPaymentFrame | undefined = parseFromPaymentFrame(event.data);
    if (!message) return;
    switch (message.type) {
      case 'ready':
        this.markReady();
        this.emit('ready', { elementType: 'payment' });
        break;
      case 'resize':
        this.frame.style.height = `${Math.ceil(message.height)}px`;
        break;
      case 'change':
        this.emit('change', {
          elementType: 'payment',
          empty: message.empty,
          complete: message.complete,
          collapsed: false,
          value: { type: message.paymentMethodType },
          ...(message.error ? { error: message.error } : {}),
        });
        break;
      case 'focus':
      case 'blur':
      case 'escape':
        this.emit(message.type, { elementType: 'payment' });
        break;
      case 'loaderror':
        this.emit('loaderror', { elementType: 'payment', error: message.error });
        break;
      case 'confirmed': {
        const resolve = this.pending.get(message.requestId);
        this.pending.delete(message.requestId);
        resolve?.(message.outcome);
        break;
      }
    }
  }

  private emit(event: string, payload: Record<string, unknown>): void {
    for (const handler of [...(this.handlers.get(event) ?? [])]) handler(payload);
  }
}

function unsupported(method: string): Promise<{ error: SandboxStripeError }> {
  return Promise.resolve({ error: { type: 'api_error', message: `${method} is not supported by the local Stripe sandbox.` } });
}

function readNextAction(paymentIntent: SandboxPaymentIntent): { type: string; url: string | undefined } | undefined {
  const next = paymentIntent.next_action;
  if (typeof next !== 'object' || next === null || !('type' in next) || typeof next.type !== 'string') return undefined;
  const redirect = 'redirect_to_url' in next ? next.redirect_to_url : undefined;
  const url = typeof redirect === 'object' && redirect !== null && 'url' in redirect && typeof redirect.url === 'string' ? redirect.url : undefined;
  return { type: next.type, url };
}

/** Stripe.js hands back the PaymentIntent's last_payment_error with the PaymentIntent attached. */
function lastPaymentError(paymentIntent: SandboxPaymentIntent): SandboxStripeError {
  const last = parseStripeError(paymentIntent.last_payment_error);
  return { ...(last ?? AUTHENTICATION_FAILURE), payment_intent: paymentIntent };
}

/** return_url plus the three parameters Stripe appends (the return page must not trust redirect_status alone). */
export function withRedirectParams(returnUrl: string, paymentIntentId: string, clientSecret: string, redirectStatus: string): string {
  const url = new URL(returnUrl);
  url.searchParams.set('payment_intent', paymentIntentId);
  url.searchParams.set('payment_intent_client_secret', clientSecret);
  url.searchParams.set('redirect_status', redirectStatus);
  return url.toString();
}
