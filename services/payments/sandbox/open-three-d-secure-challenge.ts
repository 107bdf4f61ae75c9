import {
  encodeFrameParams,
  parseFromThreeDSecureFrame,
  type ConfirmOutcome,
  type ThreeDSecureFrameParams,
} from './sandbox-frame-protocol';

export interface ThreeDSecureChallenge {
  readonly window: Window;
  /** The stack's challenge page (`/_stripe-js/three-d-secure.html`). */
  readonly frameUrl: string;
  readonly stackOrigin: string;
  readonly params: ThreeDSecureFrameParams;
}

/**
 * Shows the 3-D Secure challenge over the page, as Stripe.js does: a modal layer holding the stack's
 * challenge frame, which asks the emulator to complete or fail the authentication and answers with
 * the PaymentIntent. The layer is removed and focus returns where it was once the frame answers.
 */
export function openThreeDSecureChallenge(challenge: ThreeDSecureChallenge): Promise<ConfirmOutcome> {
  const { window: win, stackOrigin } = challenge;
  const doc = win.document;
  const previouslyFocused = doc.activeElement instanceof HTMLElement ? doc.activeElement : undefined;

  const layer = doc.createElement('div');
  layer.setAttribute('role', 'dialog');
  layer.setAttribute('aria-modal', 'true');
  layer.setAttribute('aria-label', '3D Secure authentication');
  Object.assign(layer.style, {
    position: 'fixed',
    inset: '0',
    zIndex: '2147483647',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    background: 'rgba(15, 23, 42, 0.55)',
    padding: '16px',
  });
  const frame = doc.createElement('iframe');
  frame.title = '3D Secure authentication';
  frame.src = `${challenge.frameUrl}#${encodeFrameParams(challenge.params)}`;
  Object.assign(frame.style, {
    border: '0',
    borderRadius: '12px',
    width: 'min(420px, 100%)',
    height: 'min(360px, 100%)',
    background: '#fff',
    boxShadow: '0 12px 40px rgba(0, 0, 0, 0.3)',
  });
  layer.appendChild(frame);
  // Modal for keyboard and screen-reader users too: the page behind cannot be reached until it answers.
  const madeInert = [...doc.body.children].filter((child): child is HTMLElement => child instanceof HTMLElement && !child.inert);
  for (const child of madeInert) child.inert = true;
  doc.body.appendChild(layer);
  frame.addEventListener('load', () => frame.focus());

  return new Promise<ConfirmOutcome>((resolve) => {
    const onMessage = (event: MessageEvent): void => {
      if (event.source !== frame.contentWindow || event.origin !== stackOrigin) return;
      const message = parseFromThreeDSecureFrame(event.data);
      if (!message) return;
      win.removeEventListener('message', onMessage);
      layer.remove();
      for (const child of madeInert) child.inert = false;
      previouslyFocused?.focus();
      resolve(message.outcome);
    };
    win.addEventListener('message', onMessage);
  });
}
