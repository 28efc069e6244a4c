import { useEffect, useState } from 'react';
import { GeoJsonSource, MapLayer, RegionMap, useMap } from '@/components/map';
import { PlaceSearch, type LonLat, type Place } from '@/components/map/place-search';
import { Button } from '@/components/ui/button';

const REGIONS = [
  { name: 'andorra', label: 'Andorra' },
  { name: 'monaco', label: 'Monaco' },
] as const;

/** The place found last: a dot on the map, which flies there. */
function SearchResult({ hit }: { hit: { at: LonLat; place: Place; key: number } }) {
  const map = useMap();
  useEffect(() => {
    map?.flyTo({ center: hit.at, zoom: Math.max(map.getZoom(), 14), essential: true });
  }, [map, hit]);
  return (
    <GeoJsonSource
      id="demo-search-result"
      data={{ type: 'Feature', properties: { name: hit.place.name }, geometry: { type: 'Point', coordinates: hit.at } }}
    >
      <MapLayer
        id="demo-search-result"
        type="circle"
        paint={{ 'circle-radius': 8, 'circle-color': '#2563eb', 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 }}
      />
    </GeoJsonSource>
  );
}

/** One map page: switch between the bundled regions, search their places (the shared place search). */
export function SinglePageMap() {
  const [region, setRegion] = useState<string>('andorra');
  const [hit, setHit] = useState<{ at: LonLat; place: Place; key: number } | null>(null);

  useEffect(() => {
    document.title = 'Map - Single Page';
  }, []);

  return (
    <div className="fixed inset-0 flex flex-col">
      <header className="bg-background flex flex-wrap items-center gap-2 border-b px-3 py-2">
        <h1 className="me-2 text-base font-semibold">Map - Single Page</h1>
        <div role="group" aria-label="Region" className="flex gap-1">
          {REGIONS.map((r) => (
            <Button
              key={r.name}
              size="sm"
              variant={r.name === region ? 'default' : 'outline'}
              aria-pressed={r.name === region}
              onClick={() => {
                setRegion(r.name);
                setHit(null);
              }}
            >
              {r.label}
            </Button>
          ))}
        </div>
        <PlaceSearch
          key={region}
          region={region}
          className="ms-auto w-full max-w-xs"
          onPick={(at, place) => setHit({ at, place, key: Date.now() })}
        />
      </header>
      <RegionMap region={region} className="flex-1" handle="single-page">
        {hit ? <SearchResult hit={hit} /> : null}
      </RegionMap>
    </div>
  );
}
