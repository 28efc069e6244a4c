// Distance, elevation, duration and pace for people: kilometres and metres, or miles and feet.
// Paces are stored as seconds per km and shown per km or per mile.
import { PACE_SEC_PER_KM } from '@waymark/geo/planner/limits';

export type Units = 'km' | 'mi';

export const M_PER_MI = 1609.344;
export const FT_PER_M = 3.28084;

/** Metres in one unit of distance: 1000 (km) or 1609.344 (mi). */
export const unitMetres = (u: Units) => (u === 'km' ? 1000 : M_PER_MI);

/** "3.21 km" / "12.4 mi": two decimals below 10, one above. */
export function formatDistance(m: number, u: Units): string {
  const v = m / unitMetres(u);
  return `${v < 10 ? v.toFixed(2) : v.toFixed(1)} ${u}`;
}

/** Elevation in metres (km) or feet (mi), rounded. */
export function formatElevation(m: number, u: Units): string {
  return u === 'km' ? `${Math.round(m)} m` : `${Math.round(m * FT_PER_M)} ft`;
}

/** "42 min", "1 h 05 min" (rounded to the minute; nothing or a negative time is "0:00"). */
export function formatDuration(s: number): string {
  if (!Number.isFinite(s) || s <= 0) return '0:00';
  const total = Math.round(s / 60);
  const h = Math.floor(total / 60);
  const m = total % 60;
  return h > 0 ? `${h} h ${String(m).padStart(2, '0')} min` : `${m} min`;
}

/** A pace stored as seconds per km, shown per km or per mile as "m:ss /km". */
export function formatPace(secPerKm: number, u: Units): string {
  const s = Math.round(u === 'km' ? secPerKm : secPerKm * (M_PER_MI / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')} /${u}`;
}

/**
 * Parse "m:ss" (per the given unit) into seconds per km; null when invalid or outside the pace
 * range the planner accepts (PACE_SEC_PER_KM: 2:00–30:00 /km).
 */
export function parsePace(text: string, u: Units): number | null {
  const m = /^\s*(\d{1,2}):([0-5]\d)\s*$/.exec(text);
  if (!m) return null;
  const perUnit = Number(m[1]) * 60 + Number(m[2]);
  // compared once rounded to the second, so the ends of the range shown per mile (3:13–48:17) are accepted
  const perKm = Math.round(u === 'km' ? perUnit : perUnit / (M_PER_MI / 1000));
  return perKm >= PACE_SEC_PER_KM.min && perKm <= PACE_SEC_PER_KM.max ? perKm : null;
}

/** A distance range given in km, in the unit shown: the lower end rounded up, the upper down (one decimal below 10). */
export function rangeIn(km: { min: number; max: number }, u: Units): { min: number; max: number } {
  if (u === 'km') return { min: km.min, max: km.max };
  const lo = (km.min * 1000) / M_PER_MI;
  const hi = (km.max * 1000) / M_PER_MI;
  return { min: Math.ceil(lo * 10) / 10, max: hi < 10 ? Math.floor(hi * 10) / 10 : Math.floor(hi) };
}
