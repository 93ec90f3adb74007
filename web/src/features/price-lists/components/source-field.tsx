import { useId } from 'react';
import type { InputHTMLAttributes } from 'react';

type Props = { label: string; hint?: string; onValue: (value: string) => void } & Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'id'>;

/** One field of the source form: its label on the left, the input, a hint below it (which describes the input) when there is one. */
export function SourceField({ label, hint, onValue, className, ...input }: Props) {
  const id = useId();
  return (
    <div className="price-settings__row">
      <label htmlFor={id}>{label}</label>
      <span className="price-settings__field">
        <input
          id={id}
          className={`text-input ${className ?? ''}`.trim()}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={hint ? `${id}-hint` : undefined}
          {...input}
          onChange={(e) => onValue(e.target.value)}
        />
        {hint ? (
          <span className="note price-settings__hint" id={`${id}-hint`}>
            {hint}
          </span>
        ) : null}
      </span>
    </div>
  );
}
