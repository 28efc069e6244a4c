import { useEffect, useRef } from 'react';
import { useMap } from '@/components/map';
import { PlannerMapController, type MapCallbacks } from '../lib/map-controller';
import { pointAt } from '../lib/profile';
import type { AssembledRoute, LoopAlternative, LonLat, Units, Waypoint } from '../lib/types';
import { unitMetres } from '../lib/units';

interface Props extends MapCallbacks {
  waypoints: Waypoint[];
  route: AssembledRoute | null;
  units: Units;
  hover: number | null;
  alternatives: LoopAlternative[];
  selectedAlt: number | null;
  editable: boolean;
  /** bump to fit the map to the route (e.g. after opening a saved one) */
  fitKey: number;
  flyTo: { at: LonLat; key: number } | null;
  onController?(c: PlannerMapController | null): void;
}

/** Draws the planner on the surrounding <RegionMap> (via useMap) and forwards gestures. */
export function PlannerLayers(p: Props) {
  const map = useMap();
  const ctl = useRef<PlannerMapController | null>(null);
  const cbs = useRef<MapCallbacks>(p);
  useEffect(() => {
    cbs.current = p;
  });

  useEffect(() => {
    if (!map) return;
    const c = new PlannerMapController(map, {
      onAdd: (at) => cbs.current.onAdd(at),
      onMove: (id, to) => cbs.current.onMove(id, to),
      onInsert: (leg, at) => cbs.current.onInsert(leg, at),
      onDelete: (id) => cbs.current.onDelete(id),
      onHover: (d) => cbs.current.onHover(d),
    });
    ctl.current = c;
    p.onController?.(c);
    map.getContainer().setAttribute('data-planner-ready', 'true');
    return () => {
      map.getContainer().removeAttribute('data-planner-ready');
      c.destroy();
      ctl.current = null;
      p.onController?.(null);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map]);

  const { route, waypoints, units, hover, alternatives, selectedAlt, editable, fitKey, flyTo } = p;

  useEffect(() => {
    if (ctl.current) ctl.current.editable = editable;
  }, [editable, map]);

  useEffect(() => {
    const c = ctl.current;
    if (!c) return;
    // draw waypoints where the router put them (snapped) when the route matches the list
    const snapped = route?.snapped;
    const shown =
      snapped && snapped.length === waypoints.length
        ? waypoints.map((w, i) => ({ ...w, lon: snapped[i]![0], lat: snapped[i]![1] }))
        : waypoints;
    c.setWaypoints(shown);
    c.setRoute(route, waypoints, unitMetres(units));
  }, [route, waypoints, units, map]);

  useEffect(() => {
    ctl.current?.setHover(route && hover !== null ? pointAt(route.coords, route.cum, hover) : null);
  }, [hover, route, map]);

  useEffect(() => {
    ctl.current?.setAlternatives(alternatives, selectedAlt);
  }, [alternatives, selectedAlt, map]);

  // a new set of alternatives: show them all (picking one of them keeps the view)
  useEffect(() => {
    if (alternatives.length) ctl.current?.fitTo(alternatives.flatMap((a) => a.coords));
  }, [alternatives, map]);

  useEffect(() => {
    if (fitKey > 0 && route) ctl.current?.fitTo(route.coords);
    // only when asked to
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fitKey, map]);

  useEffect(() => {
    if (flyTo && map) map.flyTo({ center: flyTo.at, zoom: Math.max(map.getZoom(), 14), duration: 600 });
  }, [flyTo, map]);

  return null;
}
