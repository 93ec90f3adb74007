import { useMemo, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { normalizeColumn } from '@app/contracts';
import type { FileColumn } from '@app/contracts';
import { filterColumns } from '../lib/column-options';

/** Up to column XFD (16384): five digits. */
const NUMBER = /^\d{0,5}$/;

/**
 * A column input that also searches a file's columns: digits are the column number as before;
 * any other text searches the list (`цена`, `F`) without changing the rule until a column is
 * picked (click, or arrows and Enter). Without a list, non-digits are stripped as before.
 */
export function useColumnCombobox(columns: readonly FileColumn[] | null, value: number, onChange: (value: number) => void) {
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const options = useMemo(() => (columns ? (query ? filterColumns(columns, query) : [...columns]) : []), [columns, query]);
  const showList = open && columns !== null;

  const close = () => {
    setOpen(false);
    setQuery(null);
  };

  const pick = (column: FileColumn) => {
    onChange(column.index);
    close();
  };

  const type = (raw: string) => {
    const compact = raw.replace(/\s+/g, '');
    if (!columns || NUMBER.test(compact)) {
      const next = normalizeColumn(raw);
      setQuery(null);
      onChange(next);
      setActive(columns ? columns.findIndex((c) => c.index === next) : -1);
    } else if (!/^\d+$/.test(compact)) {
      setQuery(raw);
      setActive(0);
    }
    if (columns) setOpen(true);
  };

  const onFocus = () => {
    if (!columns) return;
    setOpen(true);
    setActive(columns.findIndex((c) => c.index === value));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!columns) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => Math.min(Math.max(a + step, 0), options.length - 1));
    } else if (e.key === 'Enter' && showList && options[active]) {
      e.preventDefault();
      pick(options[active]);
    } else if (e.key === 'Escape' && (open || query !== null)) {
      e.preventDefault();
      close();
    }
  };

  return {
    text: query ?? (value > 0 ? String(value) : ''),
    searching: query !== null,
    showList,
    options,
    active,
    pick,
    type,
    onFocus,
    onBlur: close,
    onKeyDown,
  };
}
