import type { Units } from './types';

export const M_PER_MI = 1609.344;
export const unitMetres = (u: Units) => (u === 'km' ? 1000 : M_PER_MI);

export function formatDistance(m: number, u: Units): string {
  const v = m / unitMetres(u);
  return `${v < 10 ? v.toFixed(2) : v.toFixed(1)} ${u}`;
}

/** Elevation in metres (km) or feet (mi). */
export function formatElevation(m: number, u: Units): string {
  return u === 'km' ? `${Math.round(m)} m` : `${Math.round(m * 3.28084)} ft`;
}

export function formatDuration(s: number): string {
  if (!Number.isFinite(s) || s <= 0) return '0:00';
  const total = Math.round(s / 60);
  const h = Math.floor(total / 60);
  const m = total % 60;
  return h > 0 ? `${h} h ${String(m).padStart(2, '0')} min` : `${m} min`;
}

/** Pace is stored as seconds per km; shown per km or per mile as m:ss. */
export function formatPace(secPerKm: number, u: Units): string {
  const s = Math.round(u === 'km' ? secPerKm : secPerKm * (M_PER_MI / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')} /${u}`;
}

/** Parse "m:ss" (per the given unit) into seconds per km; null when invalid or outside 2:00–30:00 /km. */
export function parsePace(text: string, u: Units): number | null {
  const m = /^\s*(\d{1,2}):([0-5]\d)\s*$/.exec(text);
  if (!m) return null;
  const perUnit = Number(m[1]) * 60 + Number(m[2]);
  const perKm = u === 'km' ? perUnit : perUnit / (M_PER_MI / 1000);
  return perKm >= 120 && perKm <= 1800 ? Math.round(perKm) : null;
}
