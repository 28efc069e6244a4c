import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { GeoJSONSource, Map as MlMap } from 'maplibre-gl';
import { RegionMap } from '@/components/map';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

export const Route = createFileRoute('/ui/maps/single-page')({
  component: SinglePageMap,
  head: () => ({ meta: [{ title: 'Map - Single Page' }] }),
});

const REGIONS = [
  { name: 'andorra', label: 'Andorra' },
  { name: 'monaco', label: 'Monaco' },
] as const;

interface PlaceHit {
  name: string;
  kind: string;
  lon: number;
  lat: number;
  ele?: number;
}

declare global {
  interface Window {
    /** the demo page's map, for the browser tests */
    __waymarkMap?: MlMap;
  }
}

const RESULT_SOURCE = 'demo-search-result';

function showResult(map: MlMap, hit: PlaceHit) {
  const data = {
    type: 'Feature' as const,
    properties: { name: hit.name },
    geometry: { type: 'Point' as const, coordinates: [hit.lon, hit.lat] },
  };
  const src = map.getSource<GeoJSONSource>(RESULT_SOURCE);
  if (src) src.setData(data);
  else {
    map.addSource(RESULT_SOURCE, { type: 'geojson', data });
    map.addLayer({
      id: RESULT_SOURCE,
      type: 'circle',
      source: RESULT_SOURCE,
      paint: { 'circle-radius': 8, 'circle-color': '#2563eb', 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 },
    });
  }
  map.flyTo({ center: [hit.lon, hit.lat], zoom: Math.max(map.getZoom(), 14), essential: true });
}

function SinglePageMap() {
  const [region, setRegion] = useState<string>('andorra');
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<PlaceHit[]>([]);
  const [status, setStatus] = useState('');
  const mapRef = useRef<MlMap | null>(null);
  const searching = query.trim() !== '';
  const shownHits = searching ? hits : [];
  const shownStatus = searching ? status : '';

  useEffect(() => {
    document.title = 'Map - Single Page';
  }, []);

  useEffect(() => {
    const q = query.trim();
    if (!q) return;
    const ctrl = new AbortController();
    const t = setTimeout(() => {
      fetch(`/api/regions/${encodeURIComponent(region)}/places?q=${encodeURIComponent(q)}&limit=8`, { signal: ctrl.signal })
        .then(async (r) => {
          if (!r.ok) throw new Error(String(r.status));
          const body = (await r.json()) as { places: PlaceHit[] };
          setHits(body.places);
          setStatus(body.places.length ? '' : 'No places found');
        })
        .catch((e: unknown) => {
          if ((e as Error).name !== 'AbortError') setStatus('Search failed');
        });
    }, 150);
    return () => {
      clearTimeout(t);
      ctrl.abort();
    };
  }, [query, region]);

  return (
    <div className="fixed inset-0 flex flex-col">
      <header className="bg-background flex flex-wrap items-center gap-2 border-b px-3 py-2">
        <h1 className="mr-2 text-base font-semibold">Map - Single Page</h1>
        <div role="group" aria-label="Region" className="flex gap-1">
          {REGIONS.map((r) => (
            <Button
              key={r.name}
              size="sm"
              variant={r.name === region ? 'default' : 'outline'}
              aria-pressed={r.name === region}
              onClick={() => {
                setRegion(r.name);
                setQuery('');
              }}
            >
              {r.label}
            </Button>
          ))}
        </div>
        <div className="relative ml-auto w-full max-w-xs">
          <Input
            type="search"
            placeholder="Search places…"
            aria-label="Search places"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          {(shownHits.length > 0 || shownStatus) && (
            <ul
              role="listbox"
              aria-label="Places"
              className="bg-popover absolute top-full right-0 left-0 z-10 mt-1 max-h-72 overflow-auto rounded-md border text-sm shadow-md"
            >
              {shownStatus && <li className="text-muted-foreground px-3 py-2">{shownStatus}</li>}
              {shownHits.map((h) => (
                <li key={`${h.kind}-${h.name}-${h.lon}`} role="option" aria-selected={false}>
                  <button
                    type="button"
                    className="hover:bg-accent w-full px-3 py-1.5 text-left"
                    onClick={() => {
                      if (mapRef.current) showResult(mapRef.current, h);
                      setHits([]);
                      setQuery(h.name);
                      setStatus('');
                    }}
                  >
                    <span className="font-medium">{h.name}</span>{' '}
                    <span className="text-muted-foreground">
                      · {h.kind.replace(/_/g, ' ')}
                      {h.ele !== undefined ? ` · ${Math.round(h.ele)} m` : ''}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </header>
      <RegionMap
        region={region}
        className="flex-1"
        onLoad={(m) => {
          mapRef.current = m;
          window.__waymarkMap = m;
        }}
      />
    </div>
  );
}
