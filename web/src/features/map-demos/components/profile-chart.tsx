// A small elevation profile (SVG area chart) for the demo pages: distance along the line on x,
// elevation on y, with the lowest and highest points labelled.
import { formatClimb, formatDistance } from '@waymark/assistant/summary';
import type { DistanceUnit } from '@waymark/contracts/ai';
import { cn } from '@/lib/utils';

export interface ProfileChartProps {
  /** [distance along (m), elevation (m)] */
  profile: readonly (readonly [number, number])[];
  unit?: DistanceUnit;
  className?: string;
  height?: number;
}

export function ProfileChart({ profile, unit = 'km', className, height = 96 }: ProfileChartProps) {
  if (profile.length < 2) return null;
  const W = 300;
  const H = height;
  const pad = { l: 4, r: 4, t: 14, b: 14 };
  const total = profile[profile.length - 1]![0] || 1;
  const eles = profile.map((p) => p[1]);
  const lo = Math.min(...eles);
  const hi = Math.max(...eles);
  const span = Math.max(hi - lo, 10);
  const x = (d: number) => pad.l + (d / total) * (W - pad.l - pad.r);
  const y = (e: number) => pad.t + (1 - (e - lo) / span) * (H - pad.t - pad.b);
  const pts = profile.map(([d, e]) => `${x(d).toFixed(1)},${y(e).toFixed(1)}`);
  const area = `M${x(0)},${H - pad.b} L${pts.join(' L')} L${x(total)},${H - pad.b} Z`;
  const label = `Elevation profile over ${formatDistance(total, unit)}: from ${formatClimb(lo, unit)} to ${formatClimb(hi, unit)}`;
  return (
    <figure className={cn('w-full', className)}>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={label}
        className="h-auto w-full overflow-visible"
        preserveAspectRatio="none"
        // the distance axis runs left to right in both directions; in an RTL page the labels would
        // otherwise anchor at their right end and spill out of the panel ("m 1620", "km 5.0")
        direction="ltr"
        data-profile-chart
      >
        <path d={area} className="fill-primary/20" />
        <polyline points={pts.join(' ')} className="stroke-primary fill-none" strokeWidth={1.5} vectorEffect="non-scaling-stroke" />
        <text x={pad.l} y={10} className="fill-muted-foreground text-[9px]">
          {formatClimb(hi, unit)}
        </text>
        <text x={pad.l} y={H - 3} className="fill-muted-foreground text-[9px]">
          {formatClimb(lo, unit)}
        </text>
        <text x={W - pad.r} y={H - 3} textAnchor="end" className="fill-muted-foreground text-[9px]">
          {formatDistance(total, unit)}
        </text>
      </svg>
    </figure>
  );
}
