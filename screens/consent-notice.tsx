import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsentChoice } from '../services/consent/consent';
import './consent-notice.css';

interface Props {
  readonly onChoose: (choice: ConsentChoice) => void;
}

/**
 * The consent notice (issue 12 section 5): a card floating above the bottom of the screen, where a
 * step's Continue button sits, so it covers neither the question nor its button, and it never moves
 * the page (fixed, out of the flow: no layout shift). A labelled region after the page in the
 * document, so a keyboard walk through the step is not interrupted and screen readers list it as a
 * landmark; focus goes back to where it came from when the notice closes. Its own lazy chunk with its
 * own translations: the first step never waits for it.
 */
export function ConsentNotice({ onChoose }: Props) {
  const { t } = useTranslation('consent');
  // Where focus was before it entered the notice: the notice is gone after a choice, focus returns there.
  const returnFocus = useRef<HTMLElement | null>(null);
  const firstButton = useRef<HTMLButtonElement>(null);
  const card = useRef<HTMLElement>(null);
  const room = useRef<HTMLDivElement>(null);
  useRoomUnder(card, room);
  // Opened from the cookie settings (legal-notice.tsx): the visitor, and their screen reader, go to the
  // question; focus comes back to the settings button after the answer.
  useEffect(() => {
    if (document.activeElement instanceof HTMLElement && document.activeElement.matches('[data-consent-settings]')) firstButton.current?.focus();
  }, []);
  const choose = (choice: ConsentChoice): void => {
    const target = returnFocus.current;
    onChoose(choice);
    if (target?.isConnected) target.focus();
  };
  return (
    <>
      {/* Room after the page, as tall as what the notice covers: the end of the step (its legal line, a
          link) can be scrolled above the notice. After the page, so it moves nothing that is there. */}
      <div ref={room} className="consent-notice__room" aria-hidden="true" />
      <section
        ref={card}
        className="consent-notice"
        aria-labelledby="consent-notice-title"
        aria-describedby="consent-notice-text"
        onFocus={(event) => {
          const from = event.relatedTarget;
          if (from instanceof HTMLElement && !event.currentTarget.contains(from)) returnFocus.current = from;
        }}
      >
        <h2 id="consent-notice-title" className="consent-notice__title">
          {t('title')}
        </h2>
        <p id="consent-notice-text" className="consent-notice__text">
          {t('text')}
        </p>
        <div className="consent-notice__actions">
          <button ref={firstButton} type="button" className="consent-notice__button" onClick={() => choose('rejected')}>
            {t('reject')}
          </button>
          <button type="button" className="consent-notice__button consent-notice__button--accept" onClick={() => choose('accepted')}>
            {t('accept')}
          </button>
        </div>
      </section>
    </>
  );
}

/**
 * Gives `room` the notice's height (`--consent-notice-height`); consent-notice.css adds the space under
 * the notice. Its height changes with the language and the screen's width.
 */
function useRoomUnder(card: RefObject<HTMLElement | null>, room: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const notice = card.current;
    const space = room.current;
    if (notice === null || space === null) return;
    const measure = (): void => space.style.setProperty('--consent-notice-height', `${String(notice.offsetHeight)}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(notice);
    return () => observer.disconnect();
  }, [card, room]);
}
