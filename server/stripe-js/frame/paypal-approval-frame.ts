import { paymentIntentIdOf, readPaymentIntentAnswer, type SandboxPaymentIntent } from '../../../services/payments/sandbox/sandbox-frame-protocol';

/**
 * The local stand-in for PayPal's approval page, where the emulator's `redirect_to_url` next action
 * sends the visitor (as Stripe sends them to PayPal): approve or decline, then back to the shop's
 * return_url with payment_intent, payment_intent_client_secret and redirect_status, as Stripe's redirect
 * does. The decision goes through the same emulator-only route as the 3-D Secure challenge
 * (`_authenticate`), since for Stripe both are "the customer authorised the payment elsewhere".
 */
const query = new URLSearchParams(window.location.search);
const clientSecret = query.get('client_secret') ?? '';
const key = query.get('key') ?? '';
const id = paymentIntentIdOf(clientSecret);
const root = document.getElementById('root');

if (!root || !id || !key.startsWith('pk_')) {
  document.body.textContent = 'This page is the local PayPal approval page of the Stripe emulator; it needs a PaymentIntent to approve.';
} else {
  void start(root, id);
}

async function start(root: HTMLElement, id: string): Promise<void> {
  document.title = 'PayPal (local test)';
  const heading = element('h1', 'PayPal');
  const note = element('p', 'Local test page: no PayPal account is involved. Approve or decline the payment.');
  const amount = element('p', '');
  amount.className = 'approval-amount';
  const status = element('p', '');
  status.className = 'challenge-status';
  status.setAttribute('role', 'status');
  const approve = button('Approve payment', 'challenge-button challenge-button--complete');
  const decline = button('Decline payment', 'challenge-button challenge-button--fail');
  const buttons = document.createElement('div');
  buttons.className = 'challenge-buttons';
  buttons.append(approve, decline);
  const main = document.createElement('main');
  main.className = 'challenge approval';
  main.append(heading, note, amount, buttons, status);
  // The buttons only work once the PaymentIntent is read (its return address) and their listeners are
  // attached: until then they are disabled, so a click cannot land on a button that does nothing (a
  // visitor's early click, or a test's click while the machine is slow, was silently lost).
  approve.disabled = true;
  decline.disabled = true;
  status.textContent = 'Loading the payment…';
  root.replaceChildren(main);

  const loaded = await readPaymentIntentAnswer(() => fetch(`/v1/payment_intents/${encodeURIComponent(id)}?${new URLSearchParams({ key, client_secret: clientSecret })}`));
  if ('error' in loaded) {
    status.textContent = loaded.error.message ?? 'This payment cannot be approved.';
    return;
  }
  const returnUrl = returnUrlOf(loaded.paymentIntent);
  const total = formatAmount(loaded.paymentIntent);
  if (total) amount.textContent = `Amount: ${total}`;

  const decide = async (success: boolean): Promise<void> => {
    approve.disabled = true;
    decline.disabled = true;
    status.textContent = 'Please wait…';
    const answer = await readPaymentIntentAnswer(() =>
      fetch(`/v1/payment_intents/${encodeURIComponent(id)}/_authenticate?success=${String(success)}`, {
        method: 'POST',
        body: new URLSearchParams({ key, client_secret: clientSecret }),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      }),
    );
    if ('error' in answer || !returnUrl) {
      status.textContent = 'error' in answer ? (answer.error.message ?? 'The payment could not be updated.') : 'The shop gave no return address.';
      return;
    }
    const back = new URL(returnUrl);
    back.searchParams.set('payment_intent', answer.paymentIntent.id);
    back.searchParams.set('payment_intent_client_secret', clientSecret);
    back.searchParams.set('redirect_status', answer.paymentIntent.status === 'succeeded' ? 'succeeded' : 'failed');
    window.location.replace(back.toString());
  };
  approve.addEventListener('click', () => void decide(true));
  decline.addEventListener('click', () => void decide(false));
  approve.disabled = false;
  decline.disabled = false;
  status.textContent = '';
  approve.focus();
}

function returnUrlOf(paymentIntent: SandboxPaymentIntent): string | undefined {
  const next = paymentIntent.next_action;
  if (typeof next !== 'object' || next === null || !('redirect_to_url' in next)) return undefined;
  const redirect = next.redirect_to_url;
  return typeof redirect === 'object' && redirect !== null && 'return_url' in redirect && typeof redirect.return_url === 'string' ? redirect.return_url : undefined;
}

function formatAmount(paymentIntent: SandboxPaymentIntent): string | undefined {
  const { amount, currency } = paymentIntent;
  if (typeof amount !== 'number' || typeof currency !== 'string') return undefined;
  try {
    const format = new Intl.NumberFormat(navigator.language, { style: 'currency', currency: currency.toUpperCase() });
    return format.format(amount / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
  } catch {
    return `${amount} ${currency.toUpperCase()}`;
  }
}

function element(tag: 'h1' | 'p', text: string): HTMLElement {
  const node = document.createElement(tag);
  node.textContent = text;
  return node;
}

function button(text: string, className: string): HTMLButtonElement {
  const node = document.createElement('button');
  node.type = 'button';
  node.className = className;
  node.textContent = text;
  return node;
}
