import type { InputHTMLAttributes } from 'react';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'>;

/** A labelled text input; `onValue` receives the new value on every change. */
export function TextField({
  label,
  onValue,
  ...input
}: InputProps & { label: string; onValue: (value: string) => void }) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <input {...input} onChange={(e) => onValue(e.target.value)} />
    </label>
  );
}

/** A form's error message, announced to screen readers; nothing when there is none. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="form__error" role="alert">
      {message}
    </p>
  );
}
