import type { ProjectLocation } from '@waymark/contracts';
import { Crosshair } from 'lucide-react';
import type { Map as MlMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { RegionMap, fetchRegions, type RegionInfo } from '@/components/map';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { PlaceSearch } from '@/components/map/place-search';

const round = (n: number, d = 5) => Math.round(n * 10 ** d) / 10 ** d;

/** The map's current view as a project location: its centre, zoom and visible area. */
function viewOf(map: MlMap, placeName: string): ProjectLocation {
  const c = map.getCenter();
  const b = map.getBounds();
  const clampLat = (v: number) => Math.max(-90, Math.min(90, v));
  const clampLon = (v: number) => Math.max(-180, Math.min(180, v));
  return {
    center: { lon: round(clampLon(c.lng)), lat: round(clampLat(c.lat)) },
    zoom: Math.round(map.getZoom() * 100) / 100,
    bbox: [round(clampLon(b.getWest())), round(clampLat(b.getSouth())), round(clampLon(b.getEast())), round(clampLat(b.getNorth()))],
    placeName,
  };
}

/**
 * Pick a project's location on the region map: pan and zoom until the crosshair is on the
 * centre and the view frames the area; search a place to jump there (its name becomes the
 * place name, which can be edited).
 */
export function LocationPicker({
  value,
  region,
  onChange,
  onRegion,
}: {
  value: ProjectLocation | null;
  region: string;
  onChange: (loc: ProjectLocation) => void;
  onRegion: (r: string) => void;
}) {
  const [regions, setRegions] = useState<RegionInfo[]>([]);
  const mapRef = useRef<MlMap | null>(null);
  const place = useRef(value?.placeName ?? '');
  const change = useRef(onChange);
  useEffect(() => {
    change.current = onChange;
  });
  const [placeName, setPlaceName] = useState(value?.placeName ?? '');

  useEffect(() => {
    fetchRegions()
      .then(setRegions)
      .catch(() => setRegions([]));
  }, []);

  const onLoad = (map: MlMap) => {
    mapRef.current = map;
    map.on('moveend', () => change.current(viewOf(map, place.current)));
    if (!value) change.current(viewOf(map, place.current));
  };

  return (
    <div className="grid gap-3">
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
        <div className="grid gap-1.5">
          <Label htmlFor="loc-region">Region</Label>
          <Select
            value={region}
            onValueChange={(r) => {
              mapRef.current = null;
              onRegion(r);
            }}
          >
            <SelectTrigger id="loc-region" className="h-9 w-full">
              <SelectValue placeholder="Region" />
            </SelectTrigger>
            <SelectContent>
              {(regions.length ? regions : [{ name: region, title: region }]).map((r) => (
                <SelectItem key={r.name} value={r.name}>
                  {r.title}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label>Find a place</Label>
          <PlaceSearch
            region={region}
            onPick={(_at, p) => {
              place.current = p.name;
              setPlaceName(p.name);
              const map = mapRef.current;
              if (map) map.jumpTo({ center: [p.lon, p.lat], zoom: Math.max(map.getZoom(), 13) });
            }}
          />
        </div>
      </div>
      <div className="relative h-[22rem] overflow-hidden rounded-lg border" data-testid="location-map">
        <RegionMap
          key={region}
          region={region}
          className="absolute inset-0"
          ariaLabel="Project location map: pan and zoom to frame the project area"
          initialView={value ? { center: [value.center.lon, value.center.lat], zoom: value.zoom } : undefined}
          onLoad={onLoad}
        />
        <div className="pointer-events-none absolute inset-0 grid place-items-center" aria-hidden>
          <Crosshair className="size-8 text-rose-600 drop-shadow-[0_0_2px_white]" strokeWidth={2.5} />
        </div>
        <div className="pointer-events-none absolute inset-3 rounded border-2 border-dashed border-rose-600/70" aria-hidden />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="loc-place">Place name</Label>
        <Input
          id="loc-place"
          value={placeName}
          maxLength={200}
          placeholder="e.g. Andorra la Vella"
          onChange={(e) => {
            place.current = e.target.value;
            setPlaceName(e.target.value);
            if (value) onChange({ ...value, placeName: e.target.value });
          }}
        />
      </div>
      <p className="text-muted-foreground text-xs" aria-live="polite" data-testid="location-summary">
        {value
          ? `Centre ${value.center.lat.toFixed(4)}, ${value.center.lon.toFixed(4)} · zoom ${value.zoom.toFixed(1)}${value.bbox ? ' · the dashed frame is the project area' : ''}`
          : 'Move the map to set the location.'}
      </p>
    </div>
  );
}
