// Place search for the location step. The one place this feature calls the region place index:
// when the map kit's shared place search lands in components/map, swap this file's body for it.
import { Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { z } from 'zod';
import { Input } from '@/components/ui/input';
import { api } from '@/lib/api-client';

const placesSchema = z.object({ places: z.array(z.object({ name: z.string(), kind: z.string(), lon: z.number(), lat: z.number() })) });
export type Place = z.infer<typeof placesSchema>['places'][number];

export function PlaceSearch({ region, onPick }: { region: string; onPick: (p: Place) => void }) {
  const [q, setQ] = useState('');
  const [hits, setHits] = useState<Place[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();

  useEffect(() => {
    const term = q.trim();
    if (term.length < 2) return;
    const ctl = new AbortController();
    const t = setTimeout(() => {
      api(`/api/regions/${encodeURIComponent(region)}/places?q=${encodeURIComponent(term)}&limit=8`, {
        schema: placesSchema,
        signal: ctl.signal,
        toast: false,
        redirect: false,
        retry: false,
      })
        .then((r) => {
          setHits(r.places);
          setActive(0);
          setOpen(true);
        })
        .catch(() => setHits([]));
    }, 200);
    return () => {
      clearTimeout(t);
      ctl.abort();
    };
  }, [q, region]);

  const pick = (p: Place) => {
    setOpen(false);
    setQ(p.name);
    onPick(p);
  };

  return (
    <div className="relative">
      <Search className="text-muted-foreground pointer-events-none absolute start-2 top-1/2 size-4 -translate-y-1/2" aria-hidden />
      <Input
        type="search"
        role="combobox"
        aria-label="Search places"
        aria-expanded={open && hits.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && hits[active] ? `${listId}-${active}` : undefined}
        placeholder="Search a town, peak or street"
        className="h-9 ps-8"
        value={q}
        onChange={(e) => {
          setQ(e.target.value);
          if (e.target.value.trim().length < 2) setOpen(false);
        }}
        onKeyDown={(e) => {
          if (!open || !hits.length) return;
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setActive((a) => (a + 1) % hits.length);
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => (a - 1 + hits.length) % hits.length);
          } else if (e.key === 'Enter') {
            e.preventDefault();
            pick(hits[active]!);
          } else if (e.key === 'Escape') setOpen(false);
        }}
      />
      {open && hits.length > 0 && (
        <ul
          id={listId}
          role="listbox"
          aria-label="Places"
          className="bg-popover text-popover-foreground absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-auto rounded-md border p-1 shadow-md"
        >
          {hits.map((p, i) => (
            <li
              key={`${p.name}-${p.lon}-${p.lat}`}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className="aria-selected:bg-accent flex cursor-pointer items-center justify-between gap-2 rounded-sm px-2 py-1.5 text-sm"
              onMouseDown={(e) => {
                e.preventDefault();
                pick(p);
              }}
            >
              <bdi>{p.name}</bdi>
              <span className="text-muted-foreground text-xs">{p.kind}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
