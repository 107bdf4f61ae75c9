import { useId, useState } from 'react';

/**
 * One FAQ entry as a disclosure (WAI-ARIA pattern): a heading holding a button whose `aria-expanded`
 * says whether the answer below it is shown. A button rather than `<details>`, because browsers and
 * screen readers do not yet agree on what a `<summary>` is.
 */
export function FaqItem({ question, answer, disabled }: { readonly question: string; readonly answer: string; readonly disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const answerId = useId();
  return (
    <div className="faq-item">
      <h3 className="faq-item__heading">
        <button type="button" className="faq-item__toggle" aria-expanded={open} aria-controls={answerId} disabled={disabled} onClick={() => setOpen(!open)}>
          <span>{question}</span>
          <svg className="faq-item__chevron" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      </h3>
      <p id={answerId} className="faq-item__answer" hidden={!open}>
        {answer}
      </p>
    </div>
  );
}
