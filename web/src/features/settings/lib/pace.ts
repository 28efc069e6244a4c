/** "5:30" ↔ 330 seconds per km (or per mile when the units are miles). */
export const KM_PER_MILE = 1.609344;

export function formatPace(secPerKm: number, units: 'km' | 'mi'): string {
  const s = Math.round(units === 'mi' ? secPerKm * KM_PER_MILE : secPerKm);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Seconds per km from "m:ss" per unit; null when it is not a pace. */
export function parsePace(text: string, units: 'km' | 'mi'): number | null {
  const m = /^\s*(\d{1,2}):([0-5]\d)\s*$/.exec(text);
  if (!m) return null;
  const s = Number(m[1]) * 60 + Number(m[2]);
  return Math.round(units === 'mi' ? s / KM_PER_MILE : s);
}
