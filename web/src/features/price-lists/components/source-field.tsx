import type { InputHTMLAttributes } from 'react';

type Props = { label: string; hint?: string; onValue: (value: string) => void } & Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'>;

/** One field of the source form: its label on the left, the input, a hint below when there is one. */
export function SourceField({ label, hint, onValue, className, ...input }: Props) {
  return (
    <label className="price-settings__row">
      <span>{label}</span>
      <span className="price-settings__field">
        <input className={`text-input ${className ?? ''}`.trim()} autoComplete="off" spellCheck={false} {...input} onChange={(e) => onValue(e.target.value)} />
        {hint ? <span className="note price-settings__hint">{hint}</span> : null}
      </span>
    </label>
  );
}
