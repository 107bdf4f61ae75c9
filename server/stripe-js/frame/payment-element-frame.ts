import {
  SANDBOX_CHANNEL,
  decodePaymentFrameParams,
  parseToPaymentFrame,
  paymentIntentIdOf,
  readPaymentIntentAnswer,
  type ConfirmOutcome,
  type FromPaymentFrame,
  type PaymentFrameParams,
  type SandboxPaymentIntent,
  type SandboxStripeError,
} from '../../../services/payments/sandbox/sandbox-frame-protocol';
import { revealedAfter, visibleProblem, type FieldAction } from '../../../engine/field-message-rule';
import { COUNTRY_CODES } from './country-codes';
import { frameTexts, type FrameTexts } from './frame-texts';
import {
  POSTAL_CODE_COUNTRIES,
  digitsOnly,
  formatCardNumber,
  formatExpiry,
  parseExpiry,
  validateCardForm,
  type CardField,
  type CardFieldProblem,
  type CardFormValues,
} from './validate-card-form';

/**
 * The sandbox's Payment Element form, inside the frame the stack serves: payment-method tabs, the card
 * fields named as Stripe names them, client-side validation (each field's message follows the app's
 * field-message rule, engine/field-message-rule.ts, and the `change` event carries the error shown
 * now, as Stripe's elements report it), and the confirm call to the emulator
 * (`POST /v1/payment_intents/{pi}/confirm` with the publishable key and the client secret, as Stripe.js
 * sends it). Card data lives only here; the page gets the answer.
 */

/** Methods this browser cannot offer: no wallet is set up in a local browser, and Link needs a Stripe account. Stripe hides them the same way. */
const UNAVAILABLE_HERE = new Set(['apple_pay', 'google_pay', 'link']);
/** What the form can collect: cards, and PayPal through its approval page. */
const SUPPORTED = new Set(['card', 'paypal']);

const params = decodePaymentFrameParams(window.location.hash);
const root = document.getElementById('root');
if (!params || !root) {
  document.body.textContent = 'This page is the local Stripe sandbox form; it only works inside the app.';
} else {
  void start(params, root);
}

async function start(params: PaymentFrameParams, root: HTMLElement): Promise<void> {
  const texts = frameTexts(params.locale);
  const post = (message: FromPaymentFrame): void => window.parent.postMessage(message, params.parentOrigin);
  // The body's own height: the document's scrollHeight never shrinks below the frame's current height.
  new ResizeObserver(() => post({ channel: SANDBOX_CHANNEL, type: 'resize', height: document.body.getBoundingClientRect().height })).observe(document.body);

  const id = paymentIntentIdOf(params.clientSecret);
  const loaded = id
    ? await readPaymentIntentAnswer(() => fetch(`/v1/payment_intents/${encodeURIComponent(id)}?${new URLSearchParams({ key: params.publishableKey, client_secret: params.clientSecret })}`))
    : { error: { type: 'invalid_request_error', message: 'Invalid client secret.' } };
  if ('error' in loaded) {
    const alert = element('p', { className: 'frame-error', role: 'alert' }, texts.loadFailed);
    root.replaceChildren(alert);
    post({ channel: SANDBOX_CHANNEL, type: 'loaderror', error: loaded.error });
    return;
  }
  const form = new PaymentForm(root, params, texts, loaded.paymentIntent, post);
  window.addEventListener('message', (event) => {
    // Only the page that embedded this frame, at the origin it said it has, may drive it.
    if (event.source !== window.parent || event.origin !== params.parentOrigin) return;
    const message = parseToPaymentFrame(event.data);
    if (!message) return;
    if (message.type === 'confirm') void form.confirm(message.returnUrl).then((outcome) => post({ channel: SANDBOX_CHANNEL, type: 'confirmed', requestId: message.requestId, outcome }));
    else if (message.type === 'update') form.setOrder(message.paymentMethodOrder);
    else if (message.type === 'focus') form.focus();
    else if (message.type === 'blur') (document.activeElement instanceof HTMLElement ? document.activeElement : undefined)?.blur();
    else form.clear();
  });
  window.addEventListener('focusin', () => post({ channel: SANDBOX_CHANNEL, type: 'focus' }));
  window.addEventListener('focusout', (event) => {
    if (event.relatedTarget === null) post({ channel: SANDBOX_CHANNEL, type: 'blur' });
  });
  window.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') post({ channel: SANDBOX_CHANNEL, type: 'escape' });
  });
  post({ channel: SANDBOX_CHANNEL, type: 'ready' });
}

const CARD_FIELDS = ['number', 'expiry', 'cvc', 'postalCode'] as const satisfies readonly CardField[];

interface Field {
  readonly input: HTMLInputElement | HTMLSelectElement;
  readonly error: HTMLElement;
  readonly row: HTMLElement;
}

class PaymentForm {
  private readonly available: readonly string[];
  private order: readonly string[];
  private selected: string;
  private readonly fields: Record<CardField | 'country', Field>;
  private readonly postalLabel: HTMLLabelElement;
  private readonly tabList: HTMLElement;
  private readonly cardPanel: HTMLElement;
  private readonly paypalPanel: HTMLElement;
  private readonly fieldset: HTMLFieldSetElement;
  /** Per card field: whether its problem is revealed (engine/field-message-rule.ts). */
  private readonly revealed: Record<CardField, boolean> = { number: false, expiry: false, cvc: false, postalCode: false };
  /** The problems on screen, in form order. */
  private shown: CardFieldProblem[] = [];
  private busy = false;

  constructor(
    private readonly root: HTMLElement,
    private readonly params: PaymentFrameParams,
    private readonly texts: FrameTexts,
    paymentIntent: SandboxPaymentIntent,
    private readonly post: (message: FromPaymentFrame) => void,
  ) {
    document.documentElement.lang = params.locale === 'auto' ? navigator.language : params.locale;
    const types = Array.isArray(paymentIntent.payment_method_types) ? paymentIntent.payment_method_types.filter((type): type is string => typeof type === 'string') : ['card'];
    this.available = types.filter((type) => SUPPORTED.has(type) && !UNAVAILABLE_HERE.has(type));
    this.order = params.paymentMethodOrder;
    this.selected = this.orderedMethods()[0] ?? 'card';

    this.fieldset = element('fieldset', { className: 'frame-fieldset' });
    this.tabList = element('div', { className: 'frame-tabs', role: 'tablist', 'aria-label': texts.paymentMethods });

    const number = this.textField('number', texts.cardNumber, { autocomplete: 'cc-number', inputmode: 'numeric', placeholder: '1234 1234 1234 1234' });
    const expiry = this.textField('expiry', texts.expiry, { autocomplete: 'cc-exp', inputmode: 'numeric', placeholder: texts.expiryPlaceholder });
    const cvc = this.textField('cvc', texts.cvc, { autocomplete: 'cc-csc', inputmode: 'numeric', placeholder: texts.cvcPlaceholder });
    const country = this.countryField();
    const postalCode = this.textField('postalCode', texts.postalCode, { autocomplete: 'postal-code' });
    const postalLabel = postalCode.row.querySelector('label');
    if (!postalLabel) throw new Error('postal code label missing');
    this.postalLabel = postalLabel;
    this.fields = { number, expiry, cvc, country, postalCode };

    number.input.addEventListener('input', () => reformat(number.input, formatCardNumber));
    expiry.input.addEventListener('input', () => reformat(expiry.input, formatExpiry));
    cvc.input.addEventListener('input', () => reformat(cvc.input, (value) => digitsOnly(value).slice(0, 4)));
    country.input.addEventListener('change', () => this.showPostalCode());
    // Leaving a field can reveal its problem; Stripe's elements report that as a change too.
    for (const field of CARD_FIELDS) {
      this.fields[field].input.addEventListener('blur', () => {
        this.apply('leave', [field]);
        this.reportChange();
      });
    }

    const pair = element('div', { className: 'frame-pair' }, expiry.row, cvc.row);
    const place = element('div', { className: 'frame-pair' }, country.row, postalCode.row);
    this.cardPanel = element('div', { className: 'frame-panel', role: 'tabpanel', id: 'panel-card', 'aria-labelledby': 'tab-card' }, number.row, pair, place);
    this.paypalPanel = element(
      'div',
      { className: 'frame-panel frame-panel--redirect', role: 'tabpanel', id: 'panel-paypal', 'aria-labelledby': 'tab-paypal' },
      element('p', { className: 'frame-redirect-title' }, texts.paypalSelected),
      element('p', {}, texts.paypalRedirect),
    );
    this.fieldset.append(this.tabList, this.cardPanel, this.paypalPanel);
    root.replaceChildren(this.fieldset);
    // Every edit can change any field's problem (the number's brand sets the security code's length).
    root.addEventListener('input', () => {
      this.apply('edit', CARD_FIELDS);
      this.reportChange();
    });
    this.renderTabs();
    this.showPostalCode();
  }

  setOrder(order: readonly string[] | undefined): void {
    if (order) this.order = order;
    this.renderTabs();
  }

  focus(): void {
    (this.selected === 'card' ? this.fields.number.input : this.tabList.querySelector<HTMLElement>('[aria-selected="true"]'))?.focus();
  }

  clear(): void {
    for (const field of CARD_FIELDS) {
      this.fields[field].input.value = '';
      this.revealed[field] = false;
    }
    this.apply('edit', CARD_FIELDS);
    this.reportChange();
  }

  async confirm(returnUrl: string | undefined): Promise<ConfirmOutcome> {
    if (this.busy) return { kind: 'error', error: { type: 'invalid_request_error', message: 'A confirmation is already in progress.' } };
    const id = paymentIntentIdOf(this.params.clientSecret);
    if (!id) return { kind: 'error', error: { type: 'invalid_request_error', message: 'Invalid client secret.' } };
    const body = new URLSearchParams();
    if (this.selected === 'card') {
      const values = this.values();
      const first = this.apply('submit', CARD_FIELDS)[0];
      if (first) {
        this.fields[first.field].input.focus();
        return { kind: 'error', error: { type: 'validation_error', code: first.code, message: this.message(first), param: first.field } };
      }
      const expiry = parseExpiry(values.expiry);
      body.set('payment_method_data[type]', 'card');
      body.set('payment_method_data[card][number]', digitsOnly(values.number));
      body.set('payment_method_data[card][exp_month]', String(expiry?.month ?? ''));
      body.set('payment_method_data[card][exp_year]', String(expiry?.year ?? ''));
      body.set('payment_method_data[card][cvc]', digitsOnly(values.cvc));
      body.set('payment_method_data[billing_details][address][country]', values.country);
      if (POSTAL_CODE_COUNTRIES[values.country]) body.set('payment_method_data[billing_details][address][postal_code]', values.postalCode.trim());
    } else {
      body.set('payment_method_data[type]', this.selected);
    }
    body.set('expected_payment_method_type', this.selected);
    body.set('use_stripe_sdk', 'true');
    if (returnUrl) body.set('return_url', returnUrl);
    body.set('key', this.params.publishableKey);
    body.set('client_secret', this.params.clientSecret);

    this.busy = true;
    this.fieldset.disabled = true;
    try {
      const answer = await readPaymentIntentAnswer(() =>
        fetch(`/v1/payment_intents/${encodeURIComponent(id)}/confirm`, { method: 'POST', body, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }),
      );
      return 'error' in answer ? { kind: 'error', error: answer.error } : { kind: 'paymentIntent', paymentIntent: answer.paymentIntent };
    } finally {
      this.busy = false;
      this.fieldset.disabled = false;
    }
  }

  private orderedMethods(): string[] {
    const ordered = this.order.filter((type) => this.available.includes(type));
    // Stripe shows the methods the order leaves out after the ones it names.
    return [...ordered, ...this.available.filter((type) => !ordered.includes(type))];
  }

  private renderTabs(): void {
    const methods = this.orderedMethods();
    if (!methods.includes(this.selected)) this.selected = methods[0] ?? 'card';
    const tabs = methods.map((type) => {
      const selected = type === this.selected;
      const tab = element(
        'button',
        { type: 'button', role: 'tab', id: `tab-${type}`, className: `frame-tab frame-tab--${type}`, 'aria-selected': String(selected), 'aria-controls': `panel-${type}`, tabindex: selected ? '0' : '-1' },
        element('span', { className: 'frame-tab__icon', 'aria-hidden': 'true' }),
        element('span', { className: 'frame-tab__label' }, this.texts.methods[type] ?? type),
      );
      tab.addEventListener('click', () => this.select(type, true));
      tab.addEventListener('keydown', (event) => {
        const step = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 0;
        if (step === 0) return;
        event.preventDefault();
        const next = methods[(methods.indexOf(type) + step + methods.length) % methods.length];
        if (next) this.select(next, true);
      });
      return tab;
    });
    this.tabList.replaceChildren(...tabs);
    // One method needs no tabs, as in Stripe's element.
    this.tabList.hidden = methods.length < 2;
    this.cardPanel.hidden = this.selected !== 'card';
    this.paypalPanel.hidden = this.selected !== 'paypal';
  }

  private select(type: string, focus: boolean): void {
    this.selected = type;
    this.renderTabs();
    if (focus) document.getElementById(`tab-${type}`)?.focus();
    this.reportChange();
  }

  private values(): CardFormValues {
    return {
      number: this.fields.number.input.value,
      expiry: this.fields.expiry.input.value,
      cvc: this.fields.cvc.input.value,
      country: this.fields.country.input.value,
      postalCode: this.fields.postalCode.input.value,
    };
  }

  /** Stripe's change event: emptiness, completeness, and the error the form shows now (the first, in form order). */
  private reportChange(): void {
    const values = this.values();
    const card = this.selected === 'card';
    const empty = card && values.number === '' && values.expiry === '' && values.cvc === '' && values.postalCode === '';
    const complete = !card || validateCardForm(values, new Date()).length === 0;
    const shown = card ? this.shown[0] : undefined;
    const error: SandboxStripeError | undefined = shown && { type: 'validation_error', code: shown.code, message: this.message(shown), param: shown.field };
    this.post({ channel: SANDBOX_CHANNEL, type: 'change', empty, complete, paymentMethodType: this.selected, ...(error ? { error } : {}) });
  }

  /** Applies the field-message rule to `fields` after `action`, shows every field's message; returns the current problems. */
  private apply(action: FieldAction, fields: readonly CardField[]): CardFieldProblem[] {
    const problems = validateCardForm(this.values(), new Date());
    for (const field of fields) this.revealed[field] = revealedAfter(action, this.revealed[field], this.fieldValue(field, problems));
    this.shown = CARD_FIELDS.flatMap((field) => visibleProblem(this.revealed[field], this.fieldValue(field, problems)) ?? []);
    for (const field of CARD_FIELDS) this.setProblem(field, this.shown.find((problem) => problem.field === field));
    return problems;
  }

  private fieldValue(field: CardField, problems: readonly CardFieldProblem[]): { empty: boolean; problem: CardFieldProblem | undefined } {
    return { empty: this.fields[field].input.value.trim() === '', problem: problems.find((problem) => problem.field === field) };
  }

  private showPostalCode(): void {
    const postal = POSTAL_CODE_COUNTRIES[this.fields.country.input.value];
    this.fields.postalCode.row.hidden = !postal;
    this.postalLabel.textContent = postal?.label === 'zip' ? this.texts.zip : this.texts.postalCode;
  }

  private setProblem(field: CardField, problem: CardFieldProblem | undefined): void {
    const { input, error, row } = this.fields[field];
    input.setAttribute('aria-invalid', String(problem !== undefined));
    row.classList.toggle('frame-field--invalid', problem !== undefined);
    error.textContent = problem ? this.message(problem) : '';
  }

  private message(problem: CardFieldProblem): string {
    if ((problem.code === 'incomplete_zip' || problem.code === 'invalid_zip') && POSTAL_CODE_COUNTRIES[this.fields.country.input.value]?.label === 'zip') {
      return this.texts.zipValidation[problem.code];
    }
    return this.texts.validation[problem.code];
  }

  private textField(name: CardField, label: string, attributes: Record<string, string>): Field {
    const id = `field-${name}`;
    const input = element('input', { id, name, type: 'text', className: 'frame-input', 'aria-describedby': `${id}-error`, 'aria-invalid': 'false', spellcheck: 'false', ...attributes });
    const error = element('p', { id: `${id}-error`, className: 'frame-field-error' });
    const row = element('div', { className: 'frame-field' }, element('label', { htmlFor: id }, label), input, error);
    return { input, error, row };
  }

  private countryField(): Field {
    const id = 'field-country';
    const names = new Intl.DisplayNames([document.documentElement.lang || 'en'], { type: 'region' });
    const options = COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name));
    const select = element('select', { id, name: 'country', className: 'frame-input frame-select', autocomplete: 'country' });
    select.append(...options.map(({ code, name }) => element('option', { value: code }, name)));
    select.value = defaultCountry(this.params.locale);
    const error = element('p', { id: `${id}-error`, className: 'frame-field-error' });
    const row = element('div', { className: 'frame-field' }, element('label', { htmlFor: id }, this.texts.country), select, error);
    return { input: select, error, row };
  }
}

/** The country the visitor's language names (`en-US` -> US), as Stripe preselects it; US otherwise. */
function defaultCountry(locale: string): string {
  for (const tag of [locale, navigator.language, ...navigator.languages]) {
    try {
      const region = new Intl.Locale(tag).maximize().region;
      if (region && COUNTRY_CODES.includes(region)) return region;
    } catch {
      // 'auto' and malformed tags name no region.
    }
  }
  return 'US';
}

/** Keeps the caret at the end after reformatting, which is where typing happens. */
function reformat(input: HTMLInputElement | HTMLSelectElement, format: (value: string) => string): void {
  const formatted = format(input.value);
  if (formatted !== input.value) input.value = formatted;
}

type Attributes = Record<string, string>;

function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Attributes = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === 'className') node.className = value;
    else if (name === 'htmlFor' && node instanceof HTMLLabelElement) node.htmlFor = value;
    else node.setAttribute(name, value);
  }
  node.append(...children);
  return node;
}
