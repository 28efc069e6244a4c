import { useMemo, useRef } from 'react';
import { formatDistance, formatElevation, unitMetres, type Units } from '@/lib/units';
import { GRADE_CLASSES, gradeColor, sampleProfile } from './profile';

const W = 600;
const H = 140;
const PAD = { top: 8, bottom: 20, start: 40, end: 8 };

/** What the chart draws: a line with elevations (NaN = unknown) and, optionally, a resampled profile with smoothed grades. */
export interface ProfileRoute {
  coords: readonly (readonly [number, number, number])[];
  /** cumulative distance (m) at each coordinate */
  cum: readonly number[];
  stats: { distanceM: number };
  /** resampled profile with smoothed grade (rise/run), as @waymark/geo's planner returns it */
  profile?: readonly { distance: number; elevation: number; grade: number }[];
}

interface Props {
  route: ProfileRoute;
  units: Units;
  /** distance along the route under the pointer, or null */
  hover: number | null;
  onHover(d: number | null): void;
  className?: string;
}

/** A light SVG elevation chart: area coloured by grade, axis labels, a hover line synced with the map. */
export function ElevationProfile({ route, units, hover, onHover, className }: Props) {
  const svg = useRef<SVGSVGElement>(null);
  const total = route.stats.distanceM;
  // geo's resampled profile carries a smoothed grade (~100 m window); fall back to our own sampling
  const pts = useMemo<{ d: number; e: number; g: number | null }[]>(
    () =>
      route.profile && route.profile.length >= 2
        ? smoothGrades(thin(route.profile, 240).map((p) => ({ d: p.distance, e: p.elevation, g: p.grade * 100 })))
        : sampleProfile(route.coords, route.cum, 160).map((p) => ({ ...p, g: null })),
    [route],
  );
  const { min, max } = useMemo(() => {
    let lo = Infinity;
    let hi = -Infinity;
    for (const p of pts) {
      lo = Math.min(lo, p.e);
      hi = Math.max(hi, p.e);
    }
    if (!Number.isFinite(lo)) return { min: 0, max: 1 };
    const span = Math.max(hi - lo, 20);
    return { min: lo - span * 0.05, max: lo + span * 1.05 };
  }, [pts]);
  if (pts.length < 2) return null;

  const x = (d: number) => PAD.start + ((W - PAD.start - PAD.end) * d) / total;
  const y = (e: number) => PAD.top + (H - PAD.top - PAD.bottom) * (1 - (e - min) / (max - min));
  const base = H - PAD.bottom;
  const segs = [];
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1]!;
    const b = pts[i]!;
    const grade = a.g ?? (b.d > a.d ? ((b.e - a.e) / (b.d - a.d)) * 100 : 0);
    segs.push(
      <path
        key={i}
        d={`M${x(a.d)},${base}L${x(a.d)},${y(a.e)}L${x(b.d)},${y(b.e)}L${x(b.d)},${base}Z`}
        fill={gradeColor(grade)}
        fillOpacity={0.75}
        stroke="none"
      />,
    );
  }
  const line = pts.map((p, i) => `${i ? 'L' : 'M'}${x(p.d).toFixed(1)},${y(p.e).toFixed(1)}`).join('');
  const unit = unitMetres(units);
  const totalUnits = total / unit;
  const step = niceStep(totalUnits);
  const ticks: number[] = [];
  for (let t = 0; t <= totalUnits + 1e-9; t += step) ticks.push(t);

  const hoverPt = hover === null ? null : pts.reduce((best, p) => (Math.abs(p.d - hover) < Math.abs(best.d - hover) ? p : best), pts[0]!);

  const onMove = (clientX: number) => {
    const r = svg.current?.getBoundingClientRect();
    if (!r || r.width === 0) return;
    // The chart is drawn left-to-right in both LTR and RTL (distance axis), so use physical x.
    const vx = ((clientX - r.left) / r.width) * W;
    const d = ((vx - PAD.start) / (W - PAD.start - PAD.end)) * total;
    onHover(Math.min(total, Math.max(0, d)));
  };

  return (
    <figure className={className} aria-label="Elevation profile">
      <svg
        ref={svg}
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
        className="h-36 w-full touch-none select-none"
        direction="ltr"
        role="img"
        aria-label={`Elevation profile: ${formatElevation(min, units)} to ${formatElevation(max, units)} over ${formatDistance(total, units)}`}
        data-testid="elevation-profile"
        onPointerMove={(e) => onMove(e.clientX)}
        onPointerDown={(e) => onMove(e.clientX)}
        onPointerLeave={() => onHover(null)}
      >
        {segs}
        <path d={line} fill="none" stroke="currentColor" strokeWidth={1.2} vectorEffect="non-scaling-stroke" />
        <line
          x1={PAD.start}
          x2={W - PAD.end}
          y1={base}
          y2={base}
          stroke="currentColor"
          strokeOpacity={0.3}
          vectorEffect="non-scaling-stroke"
        />
        {ticks.map((t) => (
          <text key={t} x={x(t * unit)} y={H - 5} fontSize={10} textAnchor="middle" fill="currentColor" opacity={0.7}>
            {Number(t.toFixed(2))}
          </text>
        ))}
        <text x={2} y={PAD.top + 8} fontSize={10} fill="currentColor" opacity={0.7}>
          {formatElevation(max, units)}
        </text>
        <text x={2} y={base - 2} fontSize={10} fill="currentColor" opacity={0.7}>
          {formatElevation(min, units)}
        </text>
        {hoverPt ? (
          <g data-testid="profile-hover">
            <line
              x1={x(hoverPt.d)}
              x2={x(hoverPt.d)}
              y1={PAD.top}
              y2={base}
              stroke="currentColor"
              strokeWidth={1}
              vectorEffect="non-scaling-stroke"
            />
            <circle cx={x(hoverPt.d)} cy={y(hoverPt.e)} r={3} fill="currentColor" />
          </g>
        ) : null}
      </svg>
      <figcaption className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
        {hoverPt ? (
          <span aria-live="polite" dir="ltr">
            {formatDistance(hoverPt.d, units)} · {formatElevation(hoverPt.e, units)}
          </span>
        ) : (
          <span>Grade</span>
        )}
        {GRADE_CLASSES.map((c) => (
          <span key={c.label} className="inline-flex items-center gap-1">
            <span className="inline-block size-2.5 rounded-sm" style={{ background: c.color }} aria-hidden />
            <bdi dir="ltr">{c.label}</bdi>
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

/** Keep at most n points of a profile (every k-th, always the last; grade = mean of the group). */
function thin<T extends { distance: number; elevation: number; grade: number }>(p: readonly T[], n: number): readonly T[] {
  if (p.length <= n) return p;
  const k = Math.ceil(p.length / n);
  const out: T[] = [];
  for (let i = 0; i < p.length; i += k) {
    const group = p.slice(i, i + k);
    out.push({ ...p[i]!, grade: group.reduce((s, q) => s + q.grade, 0) / group.length });
  }
  if (out[out.length - 1] !== p[p.length - 1]) out.push(p[p.length - 1]!);
  return out;
}

/** Moving average of the grade over 5 samples, so SRTM speckle does not stripe the chart. */
function smoothGrades(pts: { d: number; e: number; g: number }[]) {
  return pts.map((p, i) => {
    const win = pts.slice(Math.max(0, i - 2), i + 3);
    return { ...p, g: win.reduce((s, q) => s + q.g, 0) / win.length };
  });
}

function niceStep(total: number): number {
  const raw = total / 6;
  for (const s of [0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50]) if (s >= raw) return s;
  return 100;
}
