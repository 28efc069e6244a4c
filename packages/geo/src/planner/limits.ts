// The route planner's limits, defined once: the server validates requests with them, the routing
// worker and the server's engine enforce them, and the UI bounds its inputs with them. The ones a
// request carries live with the request schemas in @waymark/contracts and are re-exported here.
export {
  DEFAULT_LOOP_ALTERNATIVES as LOOP_ALTERNATIVES,
  LOOP_DISTANCE_KM,
  MAX_LOOP_ALTERNATIVES,
  MAX_VIA_POINTS,
  MAX_WAYPOINTS,
  PACE_SEC_PER_KM,
} from '@waymark/contracts/routing';

/** How far (m) outside a region graph's bounding box a waypoint or loop start may lie before it is refused. */
export const REGION_MARGIN_M = 2000;
