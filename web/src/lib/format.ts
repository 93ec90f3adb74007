import { UI } from '@app/contracts';

const dateTime = new Intl.DateTimeFormat('ru-RU', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** A timestamp as Russian users read it: 22.11.2025, 14:05. Empty for a missing or bad value. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : dateTime.format(d);
}

/** A file size in КБ/МБ. */
export function formatSize(bytes: number | null | undefined): string {
  if (bytes == null) return '';
  const { b, kb, mb } = UI.sizeUnits;
  if (bytes < 1024) return `${bytes} ${b}`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1).replace('.', ',')} ${kb}`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} ${mb}`;
}

const count = new Intl.NumberFormat('ru-RU');

/** A whole number with Russian thousands grouping: 100 000. */
export function formatCount(n: number): string {
  return count.format(n);
}

const dateOnly = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric' });

/** A day as Russian users read it: 25.11.2026. Empty for a missing or bad value. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : dateOnly.format(d);
}
