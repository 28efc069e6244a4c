// The route being edited as a document: its name, description, visibility and saved id; the draft
// that survives a reload; opening a saved route from ?route=; saving (queued offline and synced
// later); importing a file; clearing; taking a generated loop.
import { useQueryClient } from '@tanstack/react-query';
import { encodeRouteGeometry } from '@waymark/geo';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { CreateRouteBody as RouteBody } from '@waymark/contracts/routes';
import { useCreateRoute } from '../api/create-route';
import { getRouteQueryOptions } from '../api/get-route';
import { routeKeys } from '../api/keys';
import { useUpdateRoute } from '../api/update-route';
import type { SaveMeta } from '../components/save-dialog';
import { wp } from './edit';
import { readTrackFile } from './io';
import { enqueue, isOffline, syncOutbox } from './outbox';
import { loadOutbox, saveDraft, type Draft } from './storage';
import type { AssembledRoute, LoopAlternative, Waypoint } from './types';
import type { EditAction } from './use-planner';

export type DocMeta = SaveMeta & { routeId: string | null };

const NEW_DOC: DocMeta = { routeId: null, name: '', description: '', visibility: 'private' };

export interface RouteDocumentOptions {
  region: string;
  /** the draft restored at load (same region), or null */
  draft: Draft | null;
  /** ?route= of the URL: a saved route to open */
  routeId: string | undefined;
  onRouteId(id: string | undefined): void;
  waypoints: Waypoint[];
  route: AssembledRoute | null;
  act(a: EditAction): void;
  /** frame the map on the route (after opening or importing one) */
  onFit(): void;
}

export function useRouteDocument({ region, draft, routeId, onRouteId, waypoints, route, act, onFit }: RouteDocumentOptions) {
  const qc = useQueryClient();
  const createRoute = useCreateRoute();
  const updateRoute = useUpdateRoute();
  const [meta, setMeta] = useState<DocMeta>(() =>
    draft ? { routeId: draft.routeId, name: draft.name, description: draft.description, visibility: draft.visibility } : NEW_DOC,
  );
  const [pending, setPending] = useState(() => loadOutbox().length);
  const [importError, setImportError] = useState<string | null>(null);
  // for the offline-save sync, which outlives renders
  const metaRef = useRef(meta);
  const onRouteIdRef = useRef(onRouteId);
  useEffect(() => {
    metaRef.current = meta;
    onRouteIdRef.current = onRouteId;
  });
  /** the saved route the document was last opened from or saved as */
  const loaded = useRef<string | null>(draft?.routeId ?? null);

  // The unsaved route survives a reload.
  useEffect(() => {
    saveDraft({ region, waypoints, routeId: meta.routeId, name: meta.name, description: meta.description, visibility: meta.visibility });
  }, [region, waypoints, meta]);

  // Open a saved route from ?route=<id> (someone else's opens as a private copy).
  useEffect(() => {
    if (!routeId || loaded.current === routeId) return;
    loaded.current = routeId;
    qc.fetchQuery(getRouteQueryOptions(routeId)).then(
      (r) => {
        act({ type: 'reset', waypoints: r.waypoints.map((w) => wp(w.lon, w.lat, w.mode, w.via)) });
        setMeta({
          routeId: r.owned ? r.id : null,
          name: r.owned ? r.name : `${r.name} (copy)`.slice(0, 120),
          description: r.description,
          visibility: r.owned ? r.visibility : 'private',
        });
        onFit();
      },
      (err: unknown) => toast.error('Could not open the route', { description: err instanceof Error ? err.message : String(err) }),
    );
  }, [routeId, qc, act, onFit]);

  // Replay saves queued while offline: at once, and whenever the browser is back online.
  const sync = useCallback(async () => {
    if (!loadOutbox().length) return;
    const r = await syncOutbox();
    setPending(loadOutbox().length);
    if (r.synced.length) {
      const copies = r.synced.filter((s) => s.asNew).map((s) => `“${s.name}”`);
      toast.success(`Synced ${r.synced.length} offline save${r.synced.length > 1 ? 's' : ''}`, {
        description: copies.length
          ? `${copies.join(', ')} had been deleted or could not be changed, so ${copies.length > 1 ? 'they were' : 'it was'} saved as new.`
          : undefined,
      });
      // the route on show was one of them: keep editing the saved copy
      const mine = r.synced.findLast((s) => s.from === metaRef.current.routeId && s.name === metaRef.current.name);
      if (mine && mine.id !== metaRef.current.routeId) {
        setMeta((m) => ({ ...m, routeId: mine.id }));
        loaded.current = mine.id;
        onRouteIdRef.current(mine.id);
      }
      await qc.invalidateQueries({ queryKey: routeKeys.all });
    }
    for (const f of r.refused) toast.error(`Could not sync the offline save “${f.name || 'Untitled'}”`, { description: f.message });
  }, [qc]);
  useEffect(() => {
    const first = setTimeout(() => void sync(), 0);
    const on = () => void sync();
    window.addEventListener('online', on);
    return () => {
      clearTimeout(first);
      window.removeEventListener('online', on);
    };
  }, [sync]);

  const body = (m: SaveMeta): RouteBody | null =>
    route
      ? {
          name: m.name,
          description: m.description,
          visibility: m.visibility,
          region,
          waypoints: waypoints.map((w) => ({ lon: w.lon, lat: w.lat, mode: w.mode, ...(w.via ? { via: w.via } : {}) })),
          geometry: encodeRouteGeometry(route.coords),
          stats: {
            distanceM: route.stats.distanceM,
            ascentM: route.stats.ascentM,
            descentM: route.stats.descentM,
            timeS: route.stats.timeS,
          },
        }
      : null;

  /** Save (as a new route, or over the one opened); offline, queue it. Throws the server's refusal. */
  const save = async (m: SaveMeta, asNew: boolean) => {
    const b = body(m);
    if (!b) throw new Error('Add at least two waypoints first.');
    const id = asNew ? null : meta.routeId;
    try {
      const saved = id ? await updateRoute.mutateAsync({ id, body: b }) : await createRoute.mutateAsync(b);
      setMeta({ routeId: saved.id, name: saved.name, description: saved.description, visibility: saved.visibility });
      loaded.current = saved.id;
      onRouteId(saved.id);
      toast.success(`Saved “${saved.name}”`);
    } catch (err) {
      if (!isOffline(err)) throw err;
      enqueue(id, b);
      setPending(loadOutbox().length);
      setMeta({ ...m, routeId: id });
      toast.message('Saved offline', { description: 'It will sync when you are back online.' });
    }
  };

  /** Make a saved route unlisted, so its share link works. */
  const makeUnlisted = async () => {
    if (!meta.routeId) return;
    try {
      const r = await updateRoute.mutateAsync({ id: meta.routeId, body: { visibility: 'unlisted' } });
      setMeta((m) => ({ ...m, visibility: r.visibility }));
    } catch (err) {
      toast.error('Could not change visibility', { description: err instanceof Error ? err.message : String(err) });
    }
  };

  /** A GPX, KML or GeoJSON file becomes the route (a new, unsaved document); a bad file changes nothing. */
  const importFile = async (file: File) => {
    setImportError(null);
    try {
      const t = await readTrackFile(file);
      act({ type: 'replace', waypoints: t.waypoints.map((p) => wp(p.lon, p.lat, p.mode, p.via)) });
      setMeta({ routeId: null, name: t.name.slice(0, 120), description: t.description.slice(0, 2000), visibility: 'private' });
      onFit();
      toast.success(`Imported “${file.name}”`);
    } catch (err) {
      const msg = err instanceof Error ? err.message : String(err);
      setImportError(msg);
      toast.error('Import failed', { description: msg });
    }
  };

  /** A generated loop becomes the route (a new document, named after its distance unless named already). */
  const takeLoop = (a: LoopAlternative) => {
    act({ type: 'replace', waypoints: a.waypoints.map((p) => wp(p[0], p[1], 'snap')) });
    setMeta((m) => ({ ...m, routeId: null, name: m.name || `Loop ${(a.distanceM / 1000).toFixed(1)} km` }));
  };

  /** Remove every waypoint (undoable) and start a new document. */
  const clear = () => {
    act({ type: 'clear' });
    setMeta(NEW_DOC);
    onRouteId(undefined);
    loaded.current = null;
  };

  /** Open a saved route (from the library) through the URL. */
  const open = (id: string) => {
    loaded.current = null;
    onRouteId(id);
  };

  return { meta, pending, importError, save, makeUnlisted, importFile, takeLoop, clear, open };
}

export type RouteDocument = ReturnType<typeof useRouteDocument>;
