/** Distance in km with one decimal (metres under 1 km). */
export function formatDistance(m: number, locale?: string): string {
  if (m <= 0) return '0 km';
  if (m < 1000) return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(m)} m`;
  return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(m / 1000)} km`;
}

export function formatClimb(m: number, locale?: string): string {
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(m)} m`;
}

export function formatMonth(iso: string, timeZone: string, locale?: string): string {
  try {
    return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(new Date(iso));
  }
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "3 hours ago", "yesterday", "just now". */
export function relativeTime(iso: string, now = Date.now(), locale?: string): string {
  const secs = Math.round((new Date(iso).getTime() - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) if (Math.abs(secs) >= size) return rtf.format(Math.round(secs / size), unit);
  return 'just now';
}
