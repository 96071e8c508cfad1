import dayjs from 'dayjs';
import 'dayjs/locale/en-gb';
import relativeTime from 'dayjs/plugin/relativeTime';

/** £1,234.50 (domain/money.ts, where a screen's first view reads it without dayjs). */
export { formatMoney } from '../../domain/money';

// UK conventions throughout the panel: DD/MM/YYYY, weeks start on Monday (the en-gb locale).
dayjs.locale('en-gb');
dayjs.extend(relativeTime);

/** API timestamps are UTC; one without a zone (Laravel style 'YYYY-MM-DD HH:mm:ss') is read as UTC too. */
function parseTimestamp(value: string): dayjs.Dayjs {
  const hasZone = /(Z|[+-]\d\d:?\d\d)$/i.test(value.trim());
  return dayjs(hasZone ? value : value.trim().replace(' ', 'T') + 'Z');
}

/** DD/MM/YYYY for a 'YYYY-MM-DD' date (never shifted by the time zone). */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const d = /^\d{4}-\d{2}-\d{2}$/.test(value) ? dayjs(value) : parseTimestamp(value);
  return d.isValid() ? d.format('DD/MM/YYYY') : '';
}

/** DD/MM/YYYY HH:mm in local time for a UTC timestamp. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const d = parseTimestamp(value);
  return d.isValid() ? d.format('DD/MM/YYYY HH:mm') : '';
}

/** '3 hours ago', '2 days ago' for a UTC timestamp (the drivers list's activity column). */
export function formatRelative(value: string, now: Date = new Date()): string {
  const d = parseTimestamp(value);
  return d.isValid() ? d.from(dayjs(now)) : '';
}
