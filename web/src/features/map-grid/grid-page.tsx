// /grid (fullscreen layout): 2–4 maps side by side whose cameras move together — drag, zoom or
// rotate one and the others follow — each with its own basemap theme, relief and 3D terrain. The
// layout, the region and each map's settings live in the URL (grid-search.ts). On a phone two maps
// stack and no layout is offered (three or four maps would each be a strip); a link to a larger
// layout shows its first two maps there and says so.
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import type { Map as MlMap } from 'maplibre-gl';
import { useId, useMemo, useState, type CSSProperties } from 'react';
import { RegionMap, createCameraSync, useCameraSync, useTerrain, type CameraSync } from '@/components/map';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { useMediaQuery } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';
import {
  GRID_LAYOUTS,
  GRID_LAYOUT_NAMES,
  mapCount,
  mapSettings,
  parseGridSearch,
  withMapSettings,
  type GridLayout,
  type GridRegion,
  type GridSearch,
  type MapSettings,
} from './grid-search';

const REGION_LABELS: Record<GridRegion, string> = { andorra: 'Andorra', monaco: 'Monaco' };
/** How many maps a phone shows, one above the other. */
const PHONE_MAPS = 2;

/** A row of toggle buttons choosing one value. */
function Choice<T extends string>({
  label,
  value,
  options,
  onChange,
  className,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string; title?: string }[];
  onChange: (v: T) => void;
  className?: string;
}) {
  return (
    <div role="group" aria-label={label} className={cn('flex gap-1', className)}>
      {options.map((o) => (
        <Button
          key={o.value}
          type="button"
          size="sm"
          title={o.title}
          variant={o.value === value ? 'default' : 'outline'}
          aria-pressed={o.value === value}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </Button>
      ))}
    </div>
  );
}

function GridMap({
  index,
  region,
  settings,
  sync,
  onChange,
}: {
  index: number;
  region: GridRegion;
  settings: MapSettings;
  sync: CameraSync;
  onChange: (patch: Partial<MapSettings>) => void;
}) {
  const [map, setMap] = useState<MlMap | null>(null);
  const reliefId = useId();
  const terrainId = useId();
  useCameraSync(sync, map);
  useTerrain(map, settings.terrain);
  // a map added to the grid opens where the others are
  const [opening] = useState(() => {
    const c = sync.camera();
    return c ? { center: c.center, zoom: c.zoom } : undefined;
  });
  const name = `Map ${index + 1}`;
  return (
    <section aria-label={name} className="bg-background flex min-h-0 min-w-0 flex-col" data-grid-map={index + 1}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b px-2 py-1 text-xs">
        <span className="font-medium">{name}</span>
        <Choice
          label={`${name} theme`}
          value={settings.theme}
          options={[
            { value: 'light', label: 'Light' },
            { value: 'dark', label: 'Dark' },
          ]}
          onChange={(theme) => onChange({ theme })}
        />
        <label htmlFor={reliefId} className="flex items-center gap-1">
          Relief
          <Switch
            id={reliefId}
            checked={settings.relief}
            onCheckedChange={(relief) => onChange({ relief })}
            aria-label={`${name} relief`}
          />
        </label>
        <label htmlFor={terrainId} className="flex items-center gap-1">
          3D
          <Switch
            id={terrainId}
            checked={settings.terrain}
            onCheckedChange={(terrain) => onChange({ terrain })}
            aria-label={`${name} 3D terrain`}
          />
        </label>
      </div>
      <div className="relative min-h-0 flex-1">
        <RegionMap
          region={region}
          className="absolute inset-0"
          handle={`grid-${index + 1}`}
          theme={settings.theme}
          hillshade={settings.relief}
          initialView={opening}
          ariaLabel={`${name}: ${REGION_LABELS[region]}`}
          onLoad={setMap}
        />
      </div>
    </section>
  );
}

export function GridPage() {
  const search = parseGridSearch(useSearch({ strict: false }) as Record<string, unknown>);
  const navigate = useNavigate();
  const sync = useMemo(() => createCameraSync(), []);
  const { rows, cols } = GRID_LAYOUTS[search.layout];
  // Tailwind's sm breakpoint, where the grid's columns start
  const phone = useMediaQuery('(max-width: 639px)');
  const count = phone ? Math.min(PHONE_MAPS, mapCount(search.layout)) : mapCount(search.layout);
  const hidden = mapCount(search.layout) - count;
  const set = (next: GridSearch) => void navigate({ to: '.', search: next as never, replace: true });

  return (
    <div className="flex h-full flex-col">
      <header className="bg-background flex flex-wrap items-center gap-2 border-b px-3 py-2">
        <Button asChild variant="ghost" size="sm">
          <Link to="/">
            <ArrowLeft aria-hidden className="rtl:rotate-180" /> Home
          </Link>
        </Button>
        <h1 className="me-2 text-base font-semibold">Map grid</h1>
        {!phone && (
          <Choice
            label="Layout"
            value={search.layout}
            options={GRID_LAYOUT_NAMES.map((l: GridLayout) => ({
              value: l,
              label: l.replace('x', '×'),
              title: `${GRID_LAYOUTS[l].rows} row${GRID_LAYOUTS[l].rows > 1 ? 's' : ''} × ${GRID_LAYOUTS[l].cols} column${GRID_LAYOUTS[l].cols > 1 ? 's' : ''}`,
            }))}
            onChange={(layout) => set({ ...search, layout })}
          />
        )}
        <Choice
          label="Region"
          value={search.region}
          options={(Object.keys(REGION_LABELS) as GridRegion[]).map((r) => ({ value: r, label: REGION_LABELS[r] }))}
          onChange={(region) => set({ ...search, region })}
        />
        <p className="text-muted-foreground hidden text-xs lg:block">Move one map: the others follow.</p>
        {hidden > 0 && (
          <p className="text-muted-foreground w-full text-xs" data-testid="grid-phone-note">
            This layout has {mapCount(search.layout)} maps; a phone shows the first {count}. Use a wider screen for all of them.
          </p>
        )}
      </header>
      <div
        className="bg-border grid min-h-0 flex-1 grid-cols-1 grid-rows-[repeat(var(--n),minmax(0,1fr))] gap-px sm:grid-cols-[repeat(var(--cols),minmax(0,1fr))] sm:grid-rows-[repeat(var(--rows),minmax(0,1fr))]"
        style={{ '--rows': rows, '--cols': cols, '--n': count } as CSSProperties}
        data-layout={search.layout}
      >
        {Array.from({ length: count }, (_, i) => (
          <GridMap
            key={i}
            index={i}
            region={search.region}
            settings={mapSettings(search, i)}
            sync={sync}
            onChange={(patch) => set(withMapSettings(search, i, patch))}
          />
        ))}
      </div>
    </div>
  );
}
