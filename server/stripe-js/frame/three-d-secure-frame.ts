import {
  SANDBOX_CHANNEL,
  decodeThreeDSecureFrameParams,
  paymentIntentIdOf,
  readPaymentIntentAnswer,
  type FromThreeDSecureFrame,
} from '../../../services/payments/sandbox/sandbox-frame-protocol';
import { frameTexts } from './frame-texts';

/**
 * The sandbox's 3-D Secure challenge (Stripe's test page stands in for the bank): two buttons that
 * complete or fail the authentication through the emulator's `_authenticate` route, then hand the
 * PaymentIntent to the page that opened the challenge.
 */
const params = decodeThreeDSecureFrameParams(window.location.hash);
const root = document.getElementById('root');
const id = params ? paymentIntentIdOf(params.clientSecret) : undefined;
if (!params || !root || !id) {
  document.body.textContent = 'This page is the local Stripe sandbox 3-D Secure challenge; it only works inside the app.';
} else {
  const texts = frameTexts(params.locale).threeDSecure;
  document.documentElement.lang = params.locale === 'auto' ? navigator.language : params.locale;
  const heading = document.createElement('h1');
  heading.textContent = texts.heading;
  const explanation = document.createElement('p');
  explanation.textContent = texts.explanation;
  const status = document.createElement('p');
  status.className = 'challenge-status';
  status.setAttribute('role', 'status');
  const complete = document.createElement('button');
  complete.type = 'button';
  complete.className = 'challenge-button challenge-button--complete';
  complete.textContent = texts.complete;
  const fail = document.createElement('button');
  fail.type = 'button';
  fail.className = 'challenge-button challenge-button--fail';
  fail.textContent = texts.fail;
  const buttons = document.createElement('div');
  buttons.className = 'challenge-buttons';
  buttons.append(complete, fail);
  const main = document.createElement('main');
  main.className = 'challenge';
  main.append(heading, explanation, buttons, status);
  root.replaceChildren(main);
  complete.focus();

  const answer = async (success: boolean): Promise<void> => {
    complete.disabled = true;
    fail.disabled = true;
    status.textContent = texts.working;
    const body = new URLSearchParams({ key: params.publishableKey, client_secret: params.clientSecret });
    const result = await readPaymentIntentAnswer(() =>
      fetch(`/v1/payment_intents/${encodeURIComponent(id)}/_authenticate?success=${String(success)}`, {
        method: 'POST',
        body,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      }),
    );
    const message: FromThreeDSecureFrame = {
      channel: SANDBOX_CHANNEL,
      type: 'authenticated',
      outcome: 'error' in result ? { kind: 'error', error: result.error } : { kind: 'paymentIntent', paymentIntent: result.paymentIntent },
    };
    window.parent.postMessage(message, params.parentOrigin);
  };
  complete.addEventListener('click', () => void answer(true));
  fail.addEventListener('click', () => void answer(false));
}
