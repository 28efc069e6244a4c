import { haversineLL } from '../distance.ts';
import { child, escapeXml, findAll, parseXml, XmlError, type XmlElement } from './xml.ts';

/** [lon, lat] or [lon, lat, elevation] */
export type TrackPoint = [number, number] | [number, number, number];

export interface TrackData {
  name?: string;
  description?: string;
  /** one or more lines (GPX tracks/segments/routes, KML LineStrings, GeoJSON LineStrings) */
  lines: TrackPoint[][];
  /**
   * The planner's own waypoints, each typed with the mode of the leg arriving at it — `start`, `snap`,
   * `freehand`, or `fixed` for a freehand leg that follows the track between its waypoints — so a
   * re-import restores exactly those. GPX: a `<rte>` of type `waymark-waypoints` (the type in each
   * `<rtept>`); KML: a `<Folder>` whose ExtendedData `type` is `waymark-waypoints`, one Point
   * Placemark per waypoint (`mode` in its ExtendedData); GeoJSON: Point features after the line with
   * the properties `waymark: "waypoint"`, `index` and `mode`.
   */
  waypoints?: TrackWaypoint[];
}

/** A waypoint as the planner edits it: `via` are the track points a fixed leg arriving here passes through. */
export interface TrackWaypoint {
  lon: number;
  lat: number;
  mode: 'snap' | 'freehand';
  via?: [number, number][];
}

/** The `<type>` of the GPX route that carries the planner's waypoints. */
export const GPX_WAYPOINTS_TYPE = 'waymark-waypoints';

export type TrackFormat = 'gpx' | 'kml' | 'geojson';

export type ImportErrorCode = 'too_large' | 'malformed' | 'unsupported' | 'empty' | 'too_many_points' | 'bad_coordinates';

/** Thrown for any file we cannot import; `message` is fit to show to the user. */
export class TrackImportError extends Error {
  override name = 'TrackImportError';
  constructor(
    readonly code: ImportErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_POINTS = 100_000;
/** Our own waypoints read back from a file at most (the planner keeps 100). */
export const MAX_OWN_WAYPOINTS = 200;

const fmtCoord = (v: number) => String(Math.round(v * 1e7) / 1e7);
const fmtEle = (v: number) => String(Math.round(v * 10) / 10);

// ---------- export ----------

export function toGpx(t: TrackData): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', '<gpx version="1.1" creator="Waymark" xmlns="http://www.topografix.com/GPX/1/1">'];
  if (t.name || t.description) {
    out.push('  <metadata>');
    if (t.name) out.push(`    <name>${escapeXml(t.name)}</name>`);
    if (t.description) out.push(`    <desc>${escapeXml(t.description)}</desc>`);
    out.push('  </metadata>');
  }
  out.push('  <trk>');
  if (t.name) out.push(`    <name>${escapeXml(t.name)}</name>`);
  for (const line of t.lines) {
    out.push('    <trkseg>');
    for (const p of line) {
      const ele = p.length > 2 && Number.isFinite(p[2]) ? `<ele>${fmtEle(p[2]!)}</ele>` : '';
      out.push(`      <trkpt lat="${fmtCoord(p[1])}" lon="${fmtCoord(p[0])}">${ele}</trkpt>`);
    }
    out.push('    </trkseg>');
  }
  out.push('  </trk>');
  if (t.waypoints?.length) {
    out.push('  <rte>');
    if (t.name) out.push(`    <name>${escapeXml(t.name)}</name>`);
    out.push(`    <type>${GPX_WAYPOINTS_TYPE}</type>`);
    t.waypoints.forEach((w, i) => {
      const mode = waypointType(w, i);
      out.push(`    <rtept lat="${fmtCoord(w.lat)}" lon="${fmtCoord(w.lon)}"><type>${mode}</type></rtept>`);
    });
    out.push('  </rte>');
  }
  out.push('</gpx>', '');
  return out.join('\n');
}

/** How a waypoint's arriving leg is written in our files: `start`, `snap`, `freehand` or `fixed`. */
const waypointType = (w: TrackWaypoint, i: number) => (i === 0 ? 'start' : w.mode === 'freehand' && w.via?.length ? 'fixed' : w.mode);

export function toKml(t: TrackData): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', '<kml xmlns="http://www.opengis.net/kml/2.2">', '  <Document>'];
  if (t.name) out.push(`    <name>${escapeXml(t.name)}</name>`);
  out.push('    <Placemark>');
  if (t.name) out.push(`      <name>${escapeXml(t.name)}</name>`);
  if (t.description) out.push(`      <description>${escapeXml(t.description)}</description>`);
  const ls = (line: TrackPoint[]) =>
    `<LineString><tessellate>1</tessellate><coordinates>${line.map((p) => [fmtCoord(p[0]), fmtCoord(p[1]), ...(p.length > 2 && Number.isFinite(p[2]) ? [fmtEle(p[2]!)] : [])].join(',')).join(' ')}</coordinates></LineString>`;
  if (t.lines.length === 1) out.push(`      ${ls(t.lines[0]!)}`);
  else out.push(`      <MultiGeometry>${t.lines.map(ls).join('')}</MultiGeometry>`);
  out.push('    </Placemark>');
  if (t.waypoints?.length) {
    out.push('    <Folder>', '      <name>Waypoints</name>');
    out.push(`      <ExtendedData><Data name="type"><value>${GPX_WAYPOINTS_TYPE}</value></Data></ExtendedData>`);
    t.waypoints.forEach((w, i) => {
      out.push(
        `      <Placemark><name>${i + 1}</name><ExtendedData><Data name="mode"><value>${waypointType(w, i)}</value></Data></ExtendedData><Point><coordinates>${fmtCoord(w.lon)},${fmtCoord(w.lat)}</coordinates></Point></Placemark>`,
      );
    });
    out.push('    </Folder>');
  }
  out.push('  </Document>', '</kml>', '');
  return out.join('\n');
}

export function toGeoJson(t: TrackData, properties: Record<string, unknown> = {}): string {
  const round = (p: TrackPoint) => p.map((v, i) => (i < 2 ? Math.round(v * 1e7) / 1e7 : Math.round(v * 10) / 10));
  const geometry =
    t.lines.length === 1
      ? { type: 'LineString', coordinates: t.lines[0]!.map(round) }
      : { type: 'MultiLineString', coordinates: t.lines.map((l) => l.map(round)) };
  const props: Record<string, unknown> = { ...properties };
  if (t.name) props.name = t.name;
  if (t.description) props.description = t.description;
  const waypoints = (t.waypoints ?? []).map((w, i) => ({
    type: 'Feature',
    properties: { waymark: 'waypoint', index: i + 1, mode: waypointType(w, i) },
    geometry: { type: 'Point', coordinates: [Math.round(w.lon * 1e7) / 1e7, Math.round(w.lat * 1e7) / 1e7] },
  }));
  return JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: props, geometry }, ...waypoints] });
}

export function exportTrack(format: TrackFormat, t: TrackData): string {
  return format === 'gpx' ? toGpx(t) : format === 'kml' ? toKml(t) : toGeoJson(t);
}

// ---------- import ----------

function checkPoint(lon: number, lat: number, ele?: number): TrackPoint {
  if (!Number.isFinite(lon) || !Number.isFinite(lat) || Math.abs(lon) > 180 || Math.abs(lat) > 90) {
    throw new TrackImportError(
      'bad_coordinates',
      `invalid coordinate (${lon}, ${lat}): longitude must be within ±180 and latitude within ±90`,
    );
  }
  return ele !== undefined && Number.isFinite(ele) ? [lon, lat, ele] : [lon, lat];
}

const num = (s: string | undefined) => (s === undefined || s.trim() === '' ? NaN : Number(s.trim()));

function fromGpx(root: XmlElement): TrackData {
  if (root.name !== 'gpx') throw new TrackImportError('unsupported', `not a GPX file (root element <${root.name}>)`);
  const lines: TrackPoint[][] = [];
  const readPts = (els: XmlElement[]) =>
    els.map((p) => {
      const ele = child(p, 'ele');
      return checkPoint(num(p.attrs.lon), num(p.attrs.lat), ele ? num(ele.text) : undefined);
    });
  for (const seg of findAll(root, 'trkseg')) lines.push(readPts(seg.children.filter((c) => c.name === 'trkpt')));
  let own: XmlElement | undefined;
  for (const rte of findAll(root, 'rte')) {
    if (!own && child(rte, 'type')?.text.trim() === GPX_WAYPOINTS_TYPE && lines.some((l) => l.length)) own = rte;
    else lines.push(readPts(rte.children.filter((c) => c.name === 'rtept')));
  }
  const waypoints = own
    ? ownWaypoints(
        own.children
          .filter((c) => c.name === 'rtept')
          .map((el) => ({ at: checkPoint(num(el.attrs.lon), num(el.attrs.lat)), type: child(el, 'type')?.text.trim() })),
        lines.flat(),
      )
    : undefined;
  if (!lines.some((l) => l.length)) {
    const wpts = root.children.filter((c) => c.name === 'wpt');
    if (wpts.length >= 2) lines.push(readPts(wpts));
  }
  const meta = child(root, 'metadata');
  const trk = findAll(root, 'trk')[0] ?? findAll(root, 'rte')[0];
  const name = (meta && child(meta, 'name')?.text.trim()) || (trk && child(trk, 'name')?.text.trim()) || undefined;
  const description = (meta && child(meta, 'desc')?.text.trim()) || (trk && child(trk, 'desc')?.text.trim()) || undefined;
  return { name, description, lines: lines.filter((l) => l.length), ...(waypoints && waypoints.length >= 2 ? { waypoints } : {}) };
}

/**
 * The planner's waypoints from its own file (each point with the type of the leg arriving at it); a
 * `fixed` leg passes through the track points between its two waypoints (found along the track in
 * order; the waypoints lie on it).
 */
function ownWaypoints(points: { at: TrackPoint; type: string | undefined }[], track: TrackPoint[]): TrackWaypoint[] {
  const out: TrackWaypoint[] = [];
  let at = 0; // index in the track of the previous waypoint
  // Each waypoint may scan the rest of the track: a file listing more than any planner route has is
  // cut short, so a forged one cannot make the import quadratic in its size.
  for (const { at: p, type } of points.slice(0, MAX_OWN_WAYPOINTS)) {
    // the track point nearest this waypoint, at or after the previous one
    let best = at;
    let bestD = Infinity;
    for (let i = at; i < track.length; i++) {
      const d = haversineLL(p[0], p[1], track[i]![0], track[i]![1]);
      if (d < bestD) {
        bestD = d;
        best = i;
      }
      if (d < 0.05) break;
    }
    if (type === 'fixed' && out.length) {
      const via = track.slice(at + 1, best).map((q): [number, number] => [q[0], q[1]]);
      out.push({ lon: p[0], lat: p[1], mode: 'freehand', ...(via.length ? { via } : {}) });
    } else out.push({ lon: p[0], lat: p[1], mode: type === 'freehand' ? 'freehand' : 'snap' });
    if (bestD < 25) at = best;
  }
  return out;
}

/** The value of a KML feature's own `<ExtendedData><Data name="…"><value>`. */
function kmlData(el: XmlElement, name: string): string | undefined {
  const ext = child(el, 'ExtendedData');
  const data = ext?.children.find((c) => c.name === 'Data' && c.attrs.name === name);
  return data && child(data, 'value')?.text.trim();
}

function fromKml(root: XmlElement): TrackData {
  if (root.name !== 'kml') throw new TrackImportError('unsupported', `not a KML file (root element <${root.name}>)`);
  const lines: TrackPoint[][] = [];
  for (const ls of findAll(root, 'LineString')) {
    const c = child(ls, 'coordinates');
    if (!c) continue;
    const pts = c.text
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map((tuple) => {
        const [lon, lat, ele] = tuple.split(',').map(Number);
        return checkPoint(lon ?? NaN, lat ?? NaN, ele);
      });
    lines.push(pts);
  }
  // gx:Track (Google extension): <gx:coord>lon lat ele</gx:coord>
  for (const tr of findAll(root, 'Track')) {
    const pts = tr.children
      .filter((c) => c.name === 'coord')
      .map((c) => {
        const [lon, lat, ele] = c.text.trim().split(/\s+/).map(Number);
        return checkPoint(lon ?? NaN, lat ?? NaN, ele);
      });
    lines.push(pts);
  }
  const own = findAll(root, 'Folder').find((f) => kmlData(f, 'type') === GPX_WAYPOINTS_TYPE);
  const points = own
    ? own.children
        .filter((c) => c.name === 'Placemark')
        .flatMap((pm) => {
          const point = findAll(pm, 'Point')[0];
          const coords = point && child(point, 'coordinates');
          if (!coords) return [];
          const [lon, lat] = coords.text.trim().split(',').map(Number);
          return [{ at: checkPoint(lon ?? NaN, lat ?? NaN), type: kmlData(pm, 'mode') }];
        })
    : [];
  const waypoints = points.length >= 2 && lines.some((l) => l.length) ? ownWaypoints(points, lines.flat()) : undefined;
  const pm = findAll(root, 'Placemark')[0];
  const doc = findAll(root, 'Document')[0];
  const name = (pm && child(pm, 'name')?.text.trim()) || (doc && child(doc, 'name')?.text.trim()) || undefined;
  const description = (pm && child(pm, 'description')?.text.trim()) || undefined;
  return { name, description, lines: lines.filter((l) => l.length), ...(waypoints ? { waypoints } : {}) };
}

function fromGeoJson(text: string): TrackData {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new TrackImportError('malformed', `not valid JSON: ${(e as Error).message}`);
  }
  const lines: TrackPoint[][] = [];
  let name: string | undefined;
  let description: string | undefined;
  const pos = (c: unknown): TrackPoint => {
    if (!Array.isArray(c) || c.length < 2 || c.length > 4)
      throw new TrackImportError('bad_coordinates', 'a GeoJSON position must be [lon, lat] or [lon, lat, elevation]');
    return checkPoint(Number(c[0]), Number(c[1]), c.length > 2 && c[2] !== null ? Number(c[2]) : undefined);
  };
  const line = (c: unknown) => {
    if (!Array.isArray(c)) throw new TrackImportError('malformed', 'LineString coordinates must be an array');
    lines.push(c.map(pos));
  };
  const geom = (g: unknown, depth: number) => {
    if (depth > 8) throw new TrackImportError('malformed', 'GeometryCollections nested too deeply');
    if (!g || typeof g !== 'object') return;
    const o = g as { type?: unknown; coordinates?: unknown; geometries?: unknown };
    if (o.type === 'LineString') line(o.coordinates);
    else if (o.type === 'MultiLineString') {
      if (!Array.isArray(o.coordinates)) throw new TrackImportError('malformed', 'MultiLineString coordinates must be an array');
      o.coordinates.forEach(line);
    } else if (o.type === 'GeometryCollection' && Array.isArray(o.geometries)) for (const x of o.geometries) geom(x, depth + 1);
  };
  const points: { at: TrackPoint; type: string | undefined }[] = [];
  const feature = (f: unknown) => {
    if (!f || typeof f !== 'object') return;
    const o = f as { geometry?: unknown; properties?: Record<string, unknown> | null };
    const g = o.geometry as { type?: unknown; coordinates?: unknown } | null | undefined;
    if (g?.type === 'Point' && o.properties?.waymark === 'waypoint') {
      points.push({ at: pos(g.coordinates), type: typeof o.properties.mode === 'string' ? o.properties.mode : undefined });
      return;
    }
    const before = lines.length;
    geom(o.geometry, 0);
    if (lines.length > before && o.properties && typeof o.properties === 'object') {
      if (name === undefined && typeof o.properties.name === 'string') name = o.properties.name;
      if (description === undefined && typeof o.properties.description === 'string') description = o.properties.description;
    }
  };
  if (!doc || typeof doc !== 'object') throw new TrackImportError('unsupported', 'GeoJSON must be an object');
  const d = doc as { type?: unknown; features?: unknown };
  if (d.type === 'FeatureCollection') {
    if (!Array.isArray(d.features)) throw new TrackImportError('malformed', 'FeatureCollection.features must be an array');
    d.features.forEach(feature);
  } else if (d.type === 'Feature') feature(d);
  else if (typeof d.type === 'string') geom(d, 0);
  else throw new TrackImportError('unsupported', 'not a GeoJSON object (no "type")');
  const waypoints = points.length >= 2 && lines.some((l) => l.length) ? ownWaypoints(points, lines.flat()) : undefined;
  return { name, description, lines: lines.filter((l) => l.length), ...(waypoints ? { waypoints } : {}) };
}

/** Guess the format from the file name and/or its first characters. */
export function detectFormat(text: string, fileName?: string): TrackFormat | null {
  const ext = fileName?.toLowerCase().match(/\.(gpx|kml|geojson|json)$/)?.[1];
  if (ext === 'gpx' || ext === 'kml') return ext;
  if (ext === 'geojson' || ext === 'json') return 'geojson';
  const head = text
    .slice(0, 2000)
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (head.startsWith('{')) return 'geojson';
  if (/<(?:[\w.-]+:)?gpx[\s>]/.test(head)) return 'gpx';
  if (/<(?:[\w.-]+:)?kml[\s>]/.test(head)) return 'kml';
  return null;
}

export interface ImportOptions {
  fileName?: string;
  format?: TrackFormat;
  maxBytes?: number;
  maxPoints?: number;
}

/**
 * Parse a GPX, KML or GeoJSON file into lines of points. Throws TrackImportError (with a
 * user-facing message) for oversized, malformed, unsupported or empty input.
 */
export function importTrack(text: string, opts: ImportOptions = {}): TrackData {
  if (typeof text !== 'string') throw new TrackImportError('malformed', 'expected the file as text');
  const maxBytes = opts.maxBytes ?? MAX_IMPORT_BYTES;
  // UTF-16 length ≤ UTF-8 bytes·1 for ASCII; good enough as a cap and cheap
  if (text.length > maxBytes)
    throw new TrackImportError(
      'too_large',
      `file too large (${(text.length / 1048576).toFixed(1)} MB; the limit is ${(maxBytes / 1048576).toFixed(0)} MB)`,
    );
  const format = opts.format ?? detectFormat(text, opts.fileName);
  if (!format) throw new TrackImportError('unsupported', 'unrecognised file: expected GPX, KML or GeoJSON');
  let data: TrackData;
  if (format === 'geojson') data = fromGeoJson(text);
  else {
    let root: XmlElement;
    try {
      root = parseXml(text);
    } catch (e) {
      if (e instanceof XmlError) throw new TrackImportError('malformed', `malformed ${format.toUpperCase()}: ${e.message}`);
      throw e;
    }
    data = format === 'gpx' ? fromGpx(root) : fromKml(root);
  }
  const total = data.lines.reduce((a, l) => a + l.length, 0);
  if (total > (opts.maxPoints ?? MAX_IMPORT_POINTS))
    throw new TrackImportError('too_many_points', `too many points (${total}; the limit is ${opts.maxPoints ?? MAX_IMPORT_POINTS})`);
  if (total < 2) throw new TrackImportError('empty', 'the file has no track or route with at least 2 points');
  if (data.name) data.name = data.name.slice(0, 200);
  if (data.description) data.description = data.description.slice(0, 2000);
  return data;
}

/** Indexes kept by Ramer–Douglas–Peucker at `tol` metres (the ends always). */
function rdpKeep(xs: ArrayLike<number>, ys: ArrayLike<number>, tol: number): Uint8Array {
  const n = xs.length;
  const keep = new Uint8Array(n);
  keep[0] = keep[n - 1] = 1;
  const stack: [number, number][] = [[0, n - 1]];
  while (stack.length) {
    const [a, b] = stack.pop()!;
    let far = -1;
    let fd = tol;
    const dx = xs[b]! - xs[a]!;
    const dy = ys[b]! - ys[a]!;
    const l2 = dx * dx + dy * dy;
    for (let i = a + 1; i < b; i++) {
      const t = l2 > 0 ? Math.max(0, Math.min(1, ((xs[i]! - xs[a]!) * dx + (ys[i]! - ys[a]!) * dy) / l2)) : 0;
      const d = Math.hypot(xs[a]! + t * dx - xs[i]!, ys[a]! + t * dy - ys[i]!);
      if (d > fd) {
        fd = d;
        far = i;
      }
    }
    if (far >= 0) {
      keep[far] = 1;
      stack.push([a, far], [far, b]);
    }
  }
  return keep;
}

/** Points projected to metres around the first one (equirectangular; fine for a track's extent). */
function planar(pts: readonly TrackPoint[]): { xs: Float64Array; ys: Float64Array } {
  const kx = 111_320 * Math.cos(((pts[0]?.[1] ?? 0) * Math.PI) / 180);
  return { xs: Float64Array.from(pts, (p) => p[0] * kx), ys: Float64Array.from(pts, (p) => p[1] * 110_540) };
}

/**
 * An imported track as a fixed track: its geometry kept as it is, with only a few handles — the
 * ends and the real turns (Ramer–Douglas–Peucker from 20 m, the tolerance raised until at most
 * `maxHandles` remain). Each leg is freehand through the track points between its handles (`via`),
 * so nothing is re-snapped; the points a leg passes through are thinned (1 m RDP upwards) only
 * when there are more than `maxVia` in all.
 */
export function trackToFixedWaypoints(lines: TrackPoint[][], maxHandles = 12, maxVia = 10_000): TrackWaypoint[] {
  let pts = lines.flat().filter((p, i, all) => i === 0 || p[0] !== all[i - 1]![0] || p[1] !== all[i - 1]![1]);
  if (pts.length < 2) return pts.map((p) => ({ lon: p[0], lat: p[1], mode: 'freehand' }));
  let { xs, ys } = planar(pts);
  if (pts.length > maxVia + maxHandles) {
    for (let tol = 1; ; tol *= 1.5) {
      const keep = rdpKeep(xs, ys, tol);
      const kept = pts.filter((_, i) => keep[i]);
      if (kept.length <= maxVia + maxHandles) {
        pts = kept;
        ({ xs, ys } = planar(pts));
        break;
      }
    }
  }
  let keep = rdpKeep(xs, ys, 20);
  for (let tol = 30; keep.reduce((a, k) => a + k, 0) > Math.max(2, maxHandles); tol *= 1.5) keep = rdpKeep(xs, ys, tol);
  const out: TrackWaypoint[] = [];
  let prev = 0;
  for (let i = 0; i < pts.length; i++) {
    if (!keep[i]) continue;
    const via = pts.slice(prev + 1, i).map((p): [number, number] => [p[0], p[1]]);
    out.push({ lon: pts[i]![0], lat: pts[i]![1], mode: 'freehand', ...(i > 0 && via.length ? { via } : {}) });
    prev = i;
  }
  return out;
}

/**
 * Reduce an imported track to at most `max` waypoints for editing (Ramer–Douglas–Peucker with
 * a tolerance raised until it fits). Lines are joined in order.
 */
export function trackToWaypoints(lines: TrackPoint[][], max = 100, startTolerance = 5): [number, number][] {
  const pts = lines.flat();
  if (pts.length <= max) return pts.map((p) => [p[0], p[1]]);
  const { xs, ys } = planar(pts);
  let tol = startTolerance;
  for (;;) {
    const keep = rdpKeep(xs, ys, tol);
    const out: [number, number][] = [];
    for (let i = 0; i < pts.length; i++) if (keep[i]) out.push([pts[i]![0], pts[i]![1]]);
    if (out.length <= max) return out;
    tol *= 1.5;
  }
}

/** Length in metres of a line of points. */
export function lineLength(line: TrackPoint[]): number {
  let s = 0;
  for (let i = 1; i < line.length; i++) s += haversineLL(line[i - 1]![0], line[i - 1]![1], line[i]![0], line[i]![1]);
  return s;
}
