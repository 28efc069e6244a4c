// The editable planner's state, shared by its header, map, details and dialogs (after
// shadcn-admin's tasks-provider): the waypoints with undo/redo and the route computed from them,
// the route document (open, save, offline outbox), preferences, which dialog is open, the loop
// alternatives on show and the map's view requests (fit, fly to, hovered distance).
import type { Map as MlMap } from 'maplibre-gl';
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useIsMobile } from '@/lib/use-media-query';
import { draftWaypoints, loadDraft, type Prefs } from '../lib/storage';
import type { LoopAlternative, LonLat } from '../lib/types';
import { usePlanner } from '../lib/use-planner';
import type { BandSelection } from './route-analysis';
import { usePrefs } from '../lib/use-prefs';
import { useRouteDocument, type RouteDocument } from '../lib/use-route-document';
import { useSignedIn } from '../lib/use-signed-in';
import { useUndoKeys } from '../lib/use-undo-keys';

export type PlannerDialog = 'clear' | 'loop' | 'save' | 'library' | 'share' | 'regions';

export interface EditablePlannerProps {
  /** 'app' = the installed-app layout (/run-app): phone-first, bottom sheet */
  variant: 'web' | 'app';
  region: string;
  /** open this saved route for editing */
  routeId?: string;
  /** change the URL's ?route= (after opening from the library or saving) */
  onRouteId(id: string | undefined): void;
}

type PlannerState = ReturnType<typeof usePlanner>;

export interface PlannerContextValue extends PlannerState {
  region: string;
  variant: 'web' | 'app';
  /** the phone layout: /run-app, or /run below 768 px */
  phone: boolean;
  signedIn: boolean;
  prefs: Prefs;
  setPrefs(p: Partial<Prefs>): void;
  doc: RouteDocument;
  dialog: PlannerDialog | null;
  setDialog(d: PlannerDialog | null): void;
  loop: {
    start: LonLat | null;
    alternatives: LoopAlternative[];
    setAlternatives(a: LoopAlternative[]): void;
    selected: number | null;
    setSelected(i: number | null): void;
    /** open the loop dialog from the first waypoint, or the map centre */
    begin(): void;
    /** close the dialog and clear the alternatives */
    end(): void;
    /** the chosen alternative becomes the route */
    take(a: LoopAlternative): void;
  };
  view: {
    hover: number | null;
    setHover(d: number | null): void;
    fitKey: number;
    fit(): void;
    /** the breakdown band whose stretches the map highlights */
    band: BandSelection | null;
    setBand(b: BandSelection | null): void;
    /** where the map flew to last (a place search hit, or the user's location), with its pin's label */
    flyTo: { at: LonLat; key: number; label: string } | null;
    flyToPoint(at: LonLat, label: string): void;
    /** the map has loaded: follow its centre (the loop's start without waypoints), frame a restored route */
    onMapLoad(map: MlMap): void;
  };
}

const PlannerContext = createContext<PlannerContextValue | null>(null);

export function PlannerProvider({ variant, region, routeId, onRouteId, children }: EditablePlannerProps & { children: ReactNode }) {
  const draft = useMemo(() => {
    const d = loadDraft();
    return d && d.region === region ? d : null;
  }, [region]);
  const [prefs, setPrefs] = usePrefs();
  const planner = usePlanner(region, draftWaypoints(draft), prefs.paceSecPerKm, prefs.routePrefs);
  const { act } = planner;
  const [fitKey, setFitKey] = useState(0);
  const fit = useCallback(() => setFitKey((k) => k + 1), []);
  const doc = useRouteDocument({ region, draft, routeId, onRouteId, waypoints: planner.waypoints, route: planner.route, act, onFit: fit });
  const [dialog, setDialog] = useState<PlannerDialog | null>(null);
  const [alternatives, setAlternatives] = useState<LoopAlternative[]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  const [loopStart, setLoopStart] = useState<LonLat | null>(null);
  const [hover, setHover] = useState<number | null>(null);
  const [band, setBand] = useState<BandSelection | null>(null);
  const [flyTo, setFlyTo] = useState<{ at: LonLat; key: number; label: string } | null>(null);
  const center = useRef<LonLat | null>(null);
  const signedIn = useSignedIn();
  const phone = useIsMobile() || variant === 'app';

  useUndoKeys(
    useCallback(() => act({ type: 'undo' }), [act]),
    useCallback(() => act({ type: 'redo' }), [act]),
  );

  const first = planner.waypoints[0];
  const value: PlannerContextValue = {
    ...planner,
    region,
    variant,
    phone,
    signedIn,
    prefs,
    setPrefs,
    doc,
    dialog,
    setDialog,
    loop: {
      start: loopStart,
      alternatives,
      setAlternatives,
      selected,
      setSelected,
      begin: () => {
        setLoopStart(first ? [first.lon, first.lat] : center.current);
        setDialog('loop');
      },
      end: () => {
        setDialog(null);
        setAlternatives([]);
        setSelected(null);
      },
      take: (a) => {
        doc.takeLoop(a);
        setAlternatives([]);
        setSelected(null);
        setDialog(null);
      },
    },
    view: {
      hover,
      setHover,
      fitKey,
      fit,
      band: planner.route ? band : null,
      setBand,
      flyTo,
      flyToPoint: (at, label) => setFlyTo({ at, key: Date.now(), label }),
      onMapLoad: (m) => {
        center.current = [m.getCenter().lng, m.getCenter().lat];
        m.on('moveend', () => (center.current = [m.getCenter().lng, m.getCenter().lat]));
        if (planner.waypoints.length) fit();
      },
    },
  };
  return <PlannerContext value={value}>{children}</PlannerContext>;
}

export function usePlannerContext(): PlannerContextValue {
  const c = useContext(PlannerContext);
  if (!c) throw new Error('usePlannerContext must be used within <PlannerProvider>');
  return c;
}
