// The app's one date format. Every page that shows a date or a time (library, dashboard, projects,
// admin, account) formats it here, so "Nov 23, 2026" never sits beside "11/23/2026".

type DateInput = string | number | Date | null | undefined;

/** What a missing or unreadable date shows. */
export const NO_DATE = '—';

const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
const DATE_TIME: Intl.DateTimeFormatOptions = { ...DATE, hour: 'numeric', minute: '2-digit' };

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(options: Intl.DateTimeFormatOptions, locale?: string, timeZone?: string): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${timeZone ?? ''}|${options === DATE ? 'd' : 'dt'}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, timeZone ? { ...options, timeZone } : options);
    formatters.set(key, f);
  }
  return f;
}

/** "Nov 23, 2026" (in the reader's locale); "—" when there is no date. */
export function formatDate(value: DateInput, locale?: string, timeZone?: string): string {
  const d = toDate(value);
  return d ? formatter(DATE, locale, timeZone).format(d) : NO_DATE;
}

/** "Nov 23, 2026, 3:04 PM" (in the reader's locale); "—" when there is no date. */
export function formatDateTime(value: DateInput, locale?: string, timeZone?: string): string {
  const d = toDate(value);
  return d ? formatter(DATE_TIME, locale, timeZone).format(d) : NO_DATE;
}

/** The machine-readable form for `<time dateTime>`; empty when there is no date. */
export function isoDate(value: DateInput): string {
  return toDate(value)?.toISOString() ?? '';
}
