import { useState, type InputHTMLAttributes } from 'react';
import './password-field.css';

export interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** Accessible names of the toggle, translated by the caller. */
  readonly showLabel: string;
  readonly hideLabel: string;
}

/**
 * A password input with a show/hide toggle. The toggle is a real button with `aria-pressed`, so a
 * screen reader announces its state; it never submits the form.
 */
export function PasswordField({ showLabel, hideLabel, className, disabled, ...input }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="password-field">
      <input {...input} disabled={disabled} type={visible ? 'text' : 'password'} className={className ?? 'text-field'} />
      <button
        type="button"
        className="password-field__toggle"
        aria-pressed={visible}
        aria-label={visible ? hideLabel : showLabel}
        disabled={disabled}
        onClick={() => setVisible((shown) => !shown)}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" fill="none" stroke="currentColor" strokeWidth="2" />
          <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
          {visible ? null : <path d="M4 20L20 4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />}
        </svg>
      </button>
    </div>
  );
}
