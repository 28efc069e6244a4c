import { MapIcon } from 'lucide-react';
import type { IControl } from 'maplibre-gl';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { useMap } from './context';
import { trailColours, type TrailColours } from './trail-style';
import { useMapDark } from './use-dark-mode';

/** The key's rows: what the trail layers draw (trail-style.ts), in the colours of the map's current flavour. */
const ROWS: readonly { id: string; label: string; hint?: string; swatch: (c: TrailColours) => Swatch }[] = [
  { id: 'path', label: 'Path or footway', swatch: (c) => ({ colour: c.path, width: 2.5, dash: '7 4' }) },
  { id: 'track', label: 'Track', swatch: (c) => ({ colour: c.track, width: 3 }) },
  { id: 'steps', label: 'Steps', swatch: (c) => ({ colour: c.path, width: 6, dash: '2 2' }) },
  {
    id: 'mountain',
    label: 'Mountain hiking',
    hint: 'SAC T2–T3: steep or rough, sure-footedness needed',
    swatch: (c) => ({ colour: c.mountain, width: 2.5, dash: '7 4' }),
  },
  {
    id: 'alpine',
    label: 'Alpine hiking',
    hint: 'SAC T4–T6: hands needed, exposed',
    swatch: (c) => ({ colour: c.alpine, width: 2.5, dash: '7 4' }),
  },
];

interface Swatch {
  colour: string;
  width: number;
  dash?: string;
}

/** A short line drawn as the map draws the trail: on its casing, solid or dashed. */
function LineSwatch({ swatch, casing }: { swatch: Swatch; casing: string }) {
  return (
    <svg width="36" height="14" viewBox="0 0 36 14" aria-hidden="true" className="shrink-0 rounded-sm bg-muted">
      <line x1="2" y1="7" x2="34" y2="7" stroke={casing} strokeWidth={swatch.width + 3} />
      <line x1="2" y1="7" x2="34" y2="7" stroke={swatch.colour} strokeWidth={swatch.width} strokeDasharray={swatch.dash} />
    </svg>
  );
}

/** A MapLibre control whose content React renders through a portal (so it sits in MapLibre's corner stack). */
class PortalControl implements IControl {
  readonly el = document.createElement('div');
  constructor() {
    this.el.className = 'maplibregl-ctrl maplibregl-ctrl-group';
  }
  onAdd() {
    return this.el;
  }
  onRemove() {
    this.el.remove();
  }
}

/**
 * "Map key": a button in the map's bottom start corner (above the scale, clear of overlay panels
 * like the other controls) that opens what the trail lines' dashes and colours mean — way type
 * and hiking difficulty (OSM sac_scale) — in the colours of the current light or dark map.
 */
export function MapKey() {
  const map = useMap();
  const dark = useMapDark();
  // one control element for the component's life: React renders into it, MapLibre places it
  const [control] = useState(() => new PortalControl());
  useEffect(() => {
    if (!map) return;
    map.addControl(control, 'bottom-left');
    return () => {
      // the map may be gone already when the page unmounts
      if (map.hasControl(control)) map.removeControl(control);
    };
  }, [map, control]);
  if (!map) return null;
  const c = trailColours(dark);
  return createPortal(
    <Popover>
      <PopoverTrigger
        aria-label="Map key"
        title="Map key"
        className="!flex items-center justify-center focus-visible:outline-2 focus-visible:outline-ring"
        data-testid="map-key-button"
      >
        <MapIcon className="size-4" aria-hidden />
      </PopoverTrigger>
      <PopoverContent side="top" align="start" className="w-72 p-3" data-testid="map-key">
        <h2 className="mb-2 text-sm font-semibold">Map key</h2>
        <ul className="space-y-2 text-sm">
          {ROWS.map((r) => (
            <li key={r.id} className="flex items-start gap-2" data-key-row={r.id}>
              <span className="mt-0.5">
                <LineSwatch swatch={r.swatch(c)} casing={c.casing} />
              </span>
              <span>
                {r.label}
                {r.hint ? <span className="block text-xs text-muted-foreground">{r.hint}</span> : null}
              </span>
            </li>
          ))}
        </ul>
        <p className="mt-2 text-xs text-muted-foreground">
          Trails show from zoom 12; the difficulty colours where OpenStreetMap has a sac_scale tag.
        </p>
      </PopoverContent>
    </Popover>,
    control.el,
  );
}
