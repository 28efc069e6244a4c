import { MAX_WAYPOINTS, exportTrack, importTrack, trackToFixedWaypoints, type TrackFormat, type TrackWaypoint } from '@waymark/geo';
import { shownWaypoints } from './planner-features';
import type { AssembledRoute, Waypoint } from './types';

export const EXPORT_FORMATS: { format: TrackFormat; label: string; ext: string; mime: string }[] = [
  { format: 'gpx', label: 'GPX', ext: 'gpx', mime: 'application/gpx+xml' },
  { format: 'kml', label: 'KML', ext: 'kml', mime: 'application/vnd.google-earth.kml+xml' },
  { format: 'geojson', label: 'GeoJSON', ext: 'geojson', mime: 'application/geo+json' },
];

/** Handles an imported track keeps (its ends and real turns). */
export const FIXED_TRACK_HANDLES = 12;

/** The route as a file; GPX, KML and GeoJSON all carry the waypoints (so a re-import restores exactly those). */
export function routeFileText(
  format: TrackFormat,
  route: AssembledRoute,
  name: string,
  description = '',
  waypoints: Waypoint[] = [],
): string {
  const line = route.coords.map((c) =>
    Number.isFinite(c[2]) ? ([c[0], c[1], c[2]] as [number, number, number]) : ([c[0], c[1]] as [number, number]),
  );
  const wps =
    waypoints.length >= 2
      ? shownWaypoints(waypoints, route).map((w, i) => ({
          lon: w.lon,
          lat: w.lat,
          mode: waypoints[i]!.mode,
          ...(waypoints[i]!.via ? { via: waypoints[i]!.via } : {}),
        }))
      : undefined;
  return exportTrack(format, { name: name || 'Waymark route', description, lines: [line], ...(wps ? { waypoints: wps } : {}) });
}

export function fileName(name: string, ext: string) {
  const base = (name || 'waymark-route')
    .normalize('NFKD')
    .replace(/[^\w\s.-]/g, '')
    // a decimal point stays ("Loop 10.1 km" → loop-10.1-km); any other dot goes
    .replace(/(?<!\d)\.|\.(?!\d)/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .toLowerCase();
  return `${base || 'waymark-route'}.${ext}`;
}

export function download(text: string, name: string, mime: string) {
  const url = URL.createObjectURL(new Blob([text], { type: mime }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const MAX_IMPORT_FILE_BYTES = 5 * 1024 * 1024;

/**
 * Parse an imported file into waypoints; throws an Error with a user-facing message. Our own file
 * gives back exactly the waypoints it was exported with; any other track becomes a fixed track
 * (its geometry kept, a few handles at its ends and turns: `trackToFixedWaypoints`).
 */
export async function readTrackFile(file: File): Promise<{ name: string; description: string; waypoints: TrackWaypoint[] }> {
  if (file.size > MAX_IMPORT_FILE_BYTES)
    throw new Error(`“${file.name}” is too large (${(file.size / 1048576).toFixed(1)} MB; the limit is 5 MB)`);
  const text = await file.text();
  try {
    const t = importTrack(text, { fileName: file.name });
    return {
      name: t.name ?? file.name.replace(/\.[^.]+$/, ''),
      description: t.description ?? '',
      waypoints: t.waypoints?.length ? t.waypoints.slice(0, MAX_WAYPOINTS) : trackToFixedWaypoints(t.lines, FIXED_TRACK_HANDLES),
    };
  } catch (err) {
    throw new Error(`Could not import “${file.name}”: ${err instanceof Error ? err.message : String(err)}`);
  }
}
