import { columnLetter, normalizeColumn } from '@app/contracts';

interface Props {
  id?: string;
  label?: string;
  value: number;
  placeholder: string;
  onChange: (value: number) => void;
}

/**
 * A column number: non-digits are stripped, empty means 0 (shown empty so the placeholder
 * explains it); the column letter is shown beside it (7 → G).
 */
export function ColumnInput({ id, label, value, placeholder, onChange }: Props) {
  const letter = columnLetter(value);
  return (
    <span className="column-input">
      <input
        id={id}
        className="column-input__field"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        maxLength={5}
        aria-label={label}
        placeholder={placeholder}
        value={value > 0 ? String(value) : ''}
        onChange={(e) => onChange(normalizeColumn(e.target.value))}
      />
      <span className={letter ? 'column-letter' : 'column-letter column-letter--none'} data-testid="column-letter">
        {letter || '—'}
      </span>
    </span>
  );
}
