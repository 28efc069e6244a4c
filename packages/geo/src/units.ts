/** Distance and pace units. Paces are seconds per km or per mile. */
export type DistanceUnit = 'km' | 'mi';
export const METRES_PER_MILE = 1609.344;

export const metresTo = (m: number, unit: DistanceUnit) => (unit === 'km' ? m / 1000 : m / METRES_PER_MILE);
export const toMetres = (v: number, unit: DistanceUnit) => (unit === 'km' ? v * 1000 : v * METRES_PER_MILE);

/** "12.35 km" / "7.67 mi" */
export function formatDistance(m: number, unit: DistanceUnit, digits = 2): string {
  return `${metresTo(m, unit).toFixed(digits)} ${unit}`;
}

/** pace (s per unit) ↔ s per km */
export const paceToSecPerKm = (secPerUnit: number, unit: DistanceUnit) =>
  unit === 'km' ? secPerUnit : (secPerUnit * 1000) / METRES_PER_MILE;
export const secPerKmToPace = (secPerKm: number, unit: DistanceUnit) => (unit === 'km' ? secPerKm : (secPerKm * METRES_PER_MILE) / 1000);

/** "5:30 /km" */
export function formatPace(secPerUnit: number, unit: DistanceUnit): string {
  const s = Math.round(secPerUnit);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')} /${unit}`;
}

/** Parse "5:30" or "5:30 /km" → 330 s; null when invalid. */
export function parsePace(text: string): number | null {
  const m = /^\s*(\d{1,2}):([0-5]\d)\s*(?:\/\s*(?:km|mi))?\s*$/.exec(text);
  if (!m) return null;
  const s = Number(m[1]) * 60 + Number(m[2]);
  return s > 0 ? s : null;
}

/** "1:05:09" or "42:07" */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}` : `${m}:${String(sec).padStart(2, '0')}`;
}
