import { LocateFixed, Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { placesResponse, type Place } from '@waymark/contracts/regions';
import { api } from '@/lib/api-client';
import { formatElevation, type Units } from '@/lib/units';
import { cn } from '@/lib/utils';
import { searchCachedPlaces } from './offline-places';

export type LonLat = [lon: number, lat: number];

export type { Place };

export interface PlaceSearchProps {
  /** the region pack whose places are searched (GET /api/regions/:region/places) */
  region: string;
  /** a place was chosen (click, or Enter on the highlighted one) */
  onPick(at: LonLat, place: Place): void;
  /** with it, a "Locate me" button (browser geolocation) hands over the position */
  onLocate?(at: LonLat): void;
  /** units of a peak's elevation in the list (default km: metres) */
  units?: Units;
  className?: string;
}

const kindText = (p: Place, units: Units) =>
  `${p.kind.replace(/_/g, ' ')}${p.ele !== undefined ? ` · ${formatElevation(p.ele, units)}` : ''}`;

/**
 * Search a region's places (towns, peaks, streets, POIs: accent-insensitive, from 2 letters) as a
 * combobox with a listbox of hits (arrow keys, Enter, Escape), and optionally "Locate me".
 */
export function PlaceSearch({ region, onPick, onLocate, units = 'km', className }: PlaceSearchProps) {
  const [q, setQ] = useState('');
  const [hits, setHits] = useState<Place[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [msg, setMsg] = useState<string | null>(null);
  const listId = useId();

  useEffect(() => {
    const term = q.trim();
    if (term.length < 2) return;
    const ctl = new AbortController();
    const t = setTimeout(() => {
      api(`/api/regions/${encodeURIComponent(region)}/places?q=${encodeURIComponent(term)}&limit=8`, {
        schema: placesResponse,
        signal: ctl.signal,
        toast: false,
        redirect: false,
        retry: false,
      })
        .then((r) => r.places)
        // offline (or the server is unreachable): the place index stored with the region pack
        .catch(async (e: unknown) => {
          if ((e as Error).name === 'AbortError') throw e;
          const cached = await searchCachedPlaces(region, term, 8).catch(() => null);
          if (!cached) throw e;
          return cached;
        })
        .then((places) => {
          if (ctl.signal.aborted) return;
          setHits(places);
          setActive(0);
          setOpen(true);
          setMsg(places.length ? null : 'No places found');
        })
        .catch((e: unknown) => {
          if ((e as Error).name === 'AbortError' || ctl.signal.aborted) return;
          setHits([]);
          setMsg('Search failed');
        });
    }, 200);
    return () => {
      clearTimeout(t);
      ctl.abort();
    };
  }, [q, region]);

  const pick = (p: Place) => {
    setOpen(false);
    setQ(p.name);
    onPick([p.lon, p.lat], p);
  };

  const locate = (onLocate: (at: LonLat) => void) => {
    if (!('geolocation' in navigator)) {
      setMsg('Location is not available in this browser');
      return;
    }
    setMsg('Locating…');
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setMsg(null);
        onLocate([pos.coords.longitude, pos.coords.latitude]);
      },
      (err) => setMsg(err.code === err.PERMISSION_DENIED ? 'Location permission denied' : 'Could not get your location'),
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 },
    );
  };

  return (
    <div className={cn('relative flex items-center gap-1', className)}>
      <div className="relative flex-1">
        <Search className="pointer-events-none absolute start-2 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          type="search"
          role="combobox"
          aria-label="Search places"
          aria-expanded={open && hits.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && hits[active] ? `${listId}-${active}` : undefined}
          placeholder="Search places"
          className="h-8 ps-8"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setMsg(null);
            if (e.target.value.trim().length < 2) setOpen(false);
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setActive((a) => Math.min(a + 1, hits.length - 1));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((a) => Math.max(a - 1, 0));
            } else if (e.key === 'Enter' && hits[active]) {
              e.preventDefault();
              pick(hits[active]);
            } else if (e.key === 'Escape') setOpen(false);
          }}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
        />
        {open && hits.length > 0 ? (
          <ul
            id={listId}
            role="listbox"
            aria-label="Places"
            className="absolute inset-x-0 top-full z-30 mt-1 max-h-64 overflow-auto rounded-md border bg-popover p-1 text-sm shadow-md"
          >
            {hits.map((p, i) => (
              <li
                key={`${p.name}-${p.lon}-${p.lat}`}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className={`flex cursor-pointer justify-between gap-2 rounded px-2 py-1 ${i === active ? 'bg-accent' : ''}`}
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(p);
                }}
              >
                <span className="truncate">{p.name}</span>
                <span className="shrink-0 text-xs text-muted-foreground">{kindText(p, units)}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {onLocate ? (
        <Button type="button" variant="ghost" size="icon-sm" aria-label="Locate me" title="Locate me" onClick={() => locate(onLocate)}>
          <LocateFixed />
        </Button>
      ) : null}
      {msg ? (
        <p role="status" className="absolute top-full start-0 mt-1 rounded bg-popover px-2 py-1 text-xs shadow">
          {msg}
        </p>
      ) : null}
    </div>
  );
}
