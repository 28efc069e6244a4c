import type { LegMode, Waypoint } from '../lib/types';

/** The waypoints, folded: each leg's mode (snap / freehand) and a delete button per waypoint. */
export function WaypointList({
  waypoints,
  onMode,
  onDelete,
}: {
  waypoints: Waypoint[];
  onMode(i: number, m: LegMode): void;
  onDelete(id: string): void;
}) {
  return (
    <details className="text-xs">
      <summary className="cursor-pointer font-semibold">Waypoints ({waypoints.length})</summary>
      <ol className="mt-1 grid gap-1" aria-label="Waypoints">
        {waypoints.map((w, i) => (
          <li key={w.id} className="flex items-center gap-2">
            <span className="w-5 text-end tabular-nums text-muted-foreground">{i + 1}</span>
            {i > 0 ? (
              <select
                aria-label={`Leg ${i} mode`}
                className="rounded border bg-transparent px-1 py-0.5 dark:bg-input/30"
                value={w.mode}
                onChange={(e) => onMode(i, e.target.value as LegMode)}
              >
                <option value="snap">snap</option>
                <option value="freehand">freehand</option>
              </select>
            ) : (
              <span className="px-1 text-muted-foreground">start</span>
            )}
            <span className="flex-1 truncate tabular-nums text-muted-foreground">
              {w.lat.toFixed(5)}, {w.lon.toFixed(5)}
            </span>
            <button
              type="button"
              className="rounded px-1.5 hover:bg-accent"
              aria-label={`Delete waypoint ${i + 1}`}
              onClick={() => onDelete(w.id)}
            >
              ×
            </button>
          </li>
        ))}
      </ol>
    </details>
  );
}
