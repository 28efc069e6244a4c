// The route planner's limits, defined once: the server validates requests with them, the routing
// worker and the server's engine enforce them, and the UI bounds its inputs with them.

/** Most waypoints one route may have (route requests, saved routes, drafts, imports). */
export const MAX_WAYPOINTS = 100;

/** How far (m) outside a region graph's bounding box a waypoint or loop start may lie before it is refused. */
export const REGION_MARGIN_M = 2000;

/** Loop alternatives generated when a request does not say how many … */
export const LOOP_ALTERNATIVES = 3;
/** … and the most one request may ask for. */
export const MAX_LOOP_ALTERNATIVES = 5;

/** Target distance of a generated loop (km). */
export const LOOP_DISTANCE_KM = { min: 1, max: 100 } as const;

/** Flat running pace (seconds per km) the time estimate accepts, and the default (6:00 /km). */
export const PACE_SEC_PER_KM = { min: 120, max: 1800, default: 360 } as const;
