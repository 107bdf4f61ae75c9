import { useEffect, useId, useRef, type ReactNode } from 'react';
import { AnimatePresence, LazyMotion, MotionConfig, m } from 'motion/react';
import './modal.css';

export interface ModalProps {
  readonly open: boolean;
  /** Called for the close (X) button, Escape and a click on the backdrop. */
  readonly onClose: () => void;
  /** The dialog's heading; it also names the dialog for assistive technology. */
  readonly title: ReactNode;
  /** Accessible name of the close (X) button, translated by the caller. */
  readonly closeLabel: string;
  readonly children: ReactNode;
}

/**
 * The shared modal: a rounded panel with a close (X) button that fades and scales in and out.
 *
 * Built on the native `<dialog>` opened with `showModal()`: the browser makes the rest of the page
 * inert (focus cannot leave the dialog for the page, screen readers see only the dialog), puts it in
 * the top layer above any stacking context, and turns Escape into a `cancel` event - no focus-trap
 * code of our own to get wrong. We cancel that event and close through React instead, so the exit
 * animation runs (AnimatePresence keeps the dialog open until it ends), and put focus back on the
 * element that opened the dialog ourselves, because a dialog removed from the page does not.
 */
export function Modal({ open, onClose, title, closeLabel, children }: ModalProps) {
  // LazyMotion sits inside AnimatePresence so the animation features load when a modal first opens,
  // not with every page that has a (closed) modal; `m` itself is a few KB.
  return (
    <AnimatePresence>
      {open ? (
        <LazyMotion key="modal" features={loadMotionFeatures} strict>
          <MotionConfig reducedMotion="user">
            <ModalDialog onClose={onClose} title={title} closeLabel={closeLabel}>
              {children}
            </ModalDialog>
          </MotionConfig>
        </LazyMotion>
      ) : null}
    </AnimatePresence>
  );
}

const loadMotionFeatures = async () => (await import('./motion-features')).default;

function ModalDialog({ onClose, title, closeLabel, children }: Omit<ModalProps, 'open'>) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const closing = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closing.current = false;
    if (!dialog.open) dialog.showModal();
    return () => {
      // Closing from here is the parent's decision, not a request to report back.
      closing.current = true;
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const requestClose = (): void => {
    if (closing.current) return;
    closing.current = true;
    onClose();
  };

  return (
    <m.dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      initial={{ opacity: 0 }}
      animate={{ opacity: 1 }}
      exit={{ opacity: 0 }}
      transition={{ duration: 0.2 }}
      onCancel={(event) => {
        // Escape: close through React so the exit animation plays.
        event.preventDefault();
        requestClose();
      }}
      onClose={() => requestClose()}
      onClick={(event) => {
        // The dialog element itself is the backdrop area around the panel.
        if (event.target === event.currentTarget) requestClose();
      }}
    >
      <m.div className="modal__panel" initial={{ scale: 0.92 }} animate={{ scale: 1 }} exit={{ scale: 0.92 }} transition={{ duration: 0.2 }}>
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button type="button" className="modal__close" aria-label={closeLabel} onClick={requestClose}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div className="modal__body">{children}</div>
      </m.div>
    </m.dialog>
  );
}
