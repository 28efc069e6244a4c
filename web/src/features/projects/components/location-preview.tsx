import type { ProjectSummary } from '@waymark/contracts';
import { MapPin } from 'lucide-react';
import { cn } from '@/lib/utils';
import { COLOR_CLASSES } from '../lib/status';

/**
 * A static location preview for cards (no map library: a page of cards stays light). The
 * project's area is drawn at its real shape and position on a graticule around its centre, in
 * Web Mercator, with the place name; a project without a location shows its cover only.
 */
export function LocationPreview({
  project,
  className,
}: {
  project: Pick<ProjectSummary, 'location' | 'cover' | 'name'>;
  className?: string;
}) {
  const colors = COLOR_CLASSES[project.cover.color];
  const loc = project.location;
  let area: { x: number; y: number; w: number; h: number } | null = null;
  const pin = { x: 50, y: 25 };
  if (loc) {
    // Mercator y of a latitude, in the same units as longitude degrees.
    const my = (lat: number) => (Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) * 180) / Math.PI;
    // Degrees across the preview: the area with a margin (the preview is twice as wide as high), else the zoom's view.
    const span = loc.bbox
      ? Math.max(Math.abs(loc.bbox[2] - loc.bbox[0]), Math.abs(my(loc.bbox[3]) - my(loc.bbox[1])) * 2, 0.002) * 1.35
      : Math.max(360 / 2 ** loc.zoom, 0.002) * 1.6;
    const cx = loc.center.lon;
    const cy = my(loc.center.lat);
    const toX = (lon: number) => 50 + ((lon - cx) / span) * 100;
    const toY = (lat: number) => 25 - ((my(lat) - cy) / span) * 100;
    if (loc.bbox) {
      const [w, s, e, n] = loc.bbox;
      const x1 = toX(w);
      const x2 = toX(e);
      const y1 = toY(n);
      const y2 = toY(s);
      area = { x: Math.min(x1, x2), y: Math.min(y1, y2), w: Math.abs(x2 - x1), h: Math.abs(y2 - y1) };
    }
  }
  return (
    <div
      className={cn('relative overflow-hidden bg-gradient-to-br', colors.bg, className)}
      role="img"
      aria-label={loc ? `Location: ${loc.placeName || `${loc.center.lat.toFixed(3)}, ${loc.center.lon.toFixed(3)}`}` : 'No location yet'}
    >
      <svg viewBox="0 0 100 50" preserveAspectRatio="xMidYMid slice" className="absolute inset-0 size-full" aria-hidden>
        <defs>
          <pattern id="wm-grid" width="10" height="10" patternUnits="userSpaceOnUse">
            <path d="M10 0H0V10" fill="none" stroke="currentColor" strokeWidth="0.2" className="text-foreground/15" />
          </pattern>
        </defs>
        <rect width="100" height="50" fill="url(#wm-grid)" />
        {loc && (
          <>
            {area && (
              <rect
                x={area.x}
                y={area.y}
                width={area.w}
                height={area.h}
                fill={colors.stroke}
                fillOpacity="0.15"
                stroke={colors.stroke}
                strokeWidth="0.6"
                strokeDasharray="2 1"
                rx="0.8"
              />
            )}
            <circle cx={pin.x} cy={pin.y} r="1.6" fill={colors.stroke} />
            <circle cx={pin.x} cy={pin.y} r="3.2" fill="none" stroke={colors.stroke} strokeWidth="0.4" />
          </>
        )}
      </svg>
      {project.cover.emoji && (
        <span className="absolute start-3 top-2 text-2xl" aria-hidden>
          {project.cover.emoji}
        </span>
      )}
      {loc?.placeName && (
        <span className="bg-background/85 text-foreground absolute end-2 bottom-2 inline-flex max-w-[85%] items-center gap-1 truncate rounded px-1.5 py-0.5 text-xs">
          <MapPin aria-hidden className="size-3 shrink-0" />
          <bdi className="truncate">{loc.placeName}</bdi>
        </span>
      )}
    </div>
  );
}
