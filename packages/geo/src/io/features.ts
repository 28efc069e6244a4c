import { child, escapeXml, findAll, parseXml, XmlError, type XmlElement } from './xml.ts';

/**
 * Feature collections (a project map's layers) to and from GeoJSON, KML and GPX. Pure functions,
 * used by the server (REST export/import) and the browser editor alike.
 *
 * - Properties round-trip: KML keeps them in `<ExtendedData>` (non-string values as JSON, marked
 *   with a `waymark:json` element), GPX in `<extensions>` (`waymark:property`); `name` and
 *   `description` use the formats' own elements.
 * - simplestyle properties (`stroke`, `stroke-width`, `stroke-opacity`, `fill`, `fill-opacity`,
 *   `marker-color`) also become a KML `<Style>`, and a KML file's own styles become simplestyle
 *   properties on import.
 * - GPX has no polygons: a polygon is written as a track with one segment per ring, marked as a
 *   polygon in its extensions (read back as a polygon); a multi-polygon as one such track per part.
 */

export type FeatureFormat = 'geojson' | 'kml' | 'gpx';
export type Position = number[];

export type FeatureGeometry =
  | { type: 'Point'; coordinates: Position }
  | { type: 'MultiPoint'; coordinates: Position[] }
  | { type: 'LineString'; coordinates: Position[] }
  | { type: 'MultiLineString'; coordinates: Position[][] }
  | { type: 'Polygon'; coordinates: Position[][] }
  | { type: 'MultiPolygon'; coordinates: Position[][][] };

export interface GeoFeature {
  type: 'Feature';
  id?: string | number;
  geometry: FeatureGeometry | null;
  properties: Record<string, unknown> | null;
}

export interface GeoFeatureCollection {
  type: 'FeatureCollection';
  features: GeoFeature[];
}

/** A feature read from a file: geometry still to be validated by the map model. */
export interface ParsedFeature {
  geometry: unknown;
  properties: Record<string, unknown>;
}

export interface ParsedFeatureFile {
  format: FeatureFormat;
  /** the file's own name for its content (KML Document name, GPX metadata name, GeoJSON "name") */
  name?: string;
  features: ParsedFeature[];
}

export type FeatureFileErrorCode = 'too_large' | 'malformed' | 'unsupported' | 'empty' | 'too_many_features' | 'bad_coordinates';

/** Thrown for a file that cannot be read; the message is fit to show to the user. */
export class FeatureFileError extends Error {
  override name = 'FeatureFileError';
  constructor(
    readonly code: FeatureFileErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const MAX_FEATURE_FILE_BYTES = 20 * 1024 * 1024;
export const MAX_FILE_FEATURES = 50_000;

const WAYMARK_NS = 'https://waymark.app/ns/1';
const fmt = (v: number) => String(Math.round(v * 1e9) / 1e9);
const fmtEle = (v: number) => String(Math.round(v * 1000) / 1000);

// ------------------------------------------------------------------------------------------
// export

/** Options of an export: the document's name and, for KML, folders (e.g. one per layer). */
export interface ExportOptions {
  name?: string;
  /** KML only: put features in named folders; `folderOf(feature)` returns the folder's name */
  folderOf?: (f: GeoFeature) => string | null;
}

const textProp = (p: Record<string, unknown>, k: string) => (typeof p[k] === 'string' ? (p[k] as string) : undefined);

/** #rrggbb + opacity → KML aabbggrr. */
function kmlColor(hex: unknown, opacity: unknown): string | null {
  if (typeof hex !== 'string' || !/^#[0-9a-f]{6}$/i.test(hex)) return null;
  const a = typeof opacity === 'number' && opacity >= 0 && opacity <= 1 ? Math.round(opacity * 255) : 255;
  const [r, g, b] = [hex.slice(1, 3), hex.slice(3, 5), hex.slice(5, 7)];
  return `${a.toString(16).padStart(2, '0')}${b}${g}${r}`.toLowerCase();
}

function kmlStyle(p: Record<string, unknown>): string {
  const line = kmlColor(p.stroke, p['stroke-opacity']);
  const width = typeof p['stroke-width'] === 'number' && Number.isFinite(p['stroke-width']) ? p['stroke-width'] : null;
  const fill = kmlColor(p.fill ?? p.stroke, p['fill-opacity']);
  const icon = kmlColor(p['marker-color'], 1);
  const parts: string[] = [];
  if (icon) parts.push(`<IconStyle><color>${icon}</color></IconStyle>`);
  if (line || width !== null)
    parts.push(`<LineStyle>${line ? `<color>${line}</color>` : ''}${width !== null ? `<width>${width}</width>` : ''}</LineStyle>`);
  if (fill && (p.fill !== undefined || p['fill-opacity'] !== undefined)) parts.push(`<PolyStyle><color>${fill}</color></PolyStyle>`);
  return parts.length ? `<Style>${parts.join('')}</Style>` : '';
}

const kmlCoords = (ps: Position[]) =>
  `<coordinates>${ps.map((p) => [fmt(p[0]!), fmt(p[1]!), ...(p.length > 2 && Number.isFinite(p[2]) ? [fmtEle(p[2]!)] : [])].join(',')).join(' ')}</coordinates>`;
const kmlPolygon = (rings: Position[][]) =>
  `<Polygon><outerBoundaryIs><LinearRing>${kmlCoords(rings[0] ?? [])}</LinearRing></outerBoundaryIs>${rings
    .slice(1)
    .map((r) => `<innerBoundaryIs><LinearRing>${kmlCoords(r)}</LinearRing></innerBoundaryIs>`)
    .join('')}</Polygon>`;

function kmlGeometry(g: FeatureGeometry): string {
  switch (g.type) {
    case 'Point':
      return `<Point>${kmlCoords([g.coordinates])}</Point>`;
    case 'LineString':
      return `<LineString><tessellate>1</tessellate>${kmlCoords(g.coordinates)}</LineString>`;
    case 'Polygon':
      return kmlPolygon(g.coordinates);
    case 'MultiPoint':
      return `<MultiGeometry>${g.coordinates.map((c) => `<Point>${kmlCoords([c])}</Point>`).join('')}</MultiGeometry>`;
    case 'MultiLineString':
      return `<MultiGeometry>${g.coordinates.map((l) => `<LineString><tessellate>1</tessellate>${kmlCoords(l)}</LineString>`).join('')}</MultiGeometry>`;
    case 'MultiPolygon':
      return `<MultiGeometry>${g.coordinates.map(kmlPolygon).join('')}</MultiGeometry>`;
  }
}

function kmlPlacemark(f: GeoFeature): string {
  if (!f.geometry) return '';
  const p = f.properties ?? {};
  const name = textProp(p, 'name');
  const description = textProp(p, 'description');
  const data = Object.entries(p)
    .filter(([k, v]) => !((k === 'name' || k === 'description') && typeof v === 'string') && v !== undefined)
    .map(([k, v]) => {
      const json = typeof v !== 'string';
      return `<Data name="${escapeXml(k)}"><value>${escapeXml(json ? JSON.stringify(v) : v)}</value></Data>${json ? `<waymark:json name="${escapeXml(k)}"/>` : ''}`;
    })
    .join('');
  return [
    `<Placemark${f.id !== undefined ? ` id="${escapeXml(String(f.id))}"` : ''}>`,
    name !== undefined ? `<name>${escapeXml(name)}</name>` : '',
    description !== undefined ? `<description>${escapeXml(description)}</description>` : '',
    kmlStyle(p),
    data ? `<ExtendedData>${data}</ExtendedData>` : '',
    kmlGeometry(f.geometry),
    '</Placemark>',
  ].join('');
}

/** A feature collection as a KML document (folders when `folderOf` is given). */
export function featuresToKml(fc: GeoFeatureCollection, opts: ExportOptions = {}): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:waymark="${WAYMARK_NS}">`,
    '<Document>',
  ];
  if (opts.name) out.push(`<name>${escapeXml(opts.name)}</name>`);
  if (opts.folderOf) {
    const folders = new Map<string, GeoFeature[]>();
    const loose: GeoFeature[] = [];
    for (const f of fc.features) {
      const name = opts.folderOf(f);
      if (name === null) loose.push(f);
      else folders.set(name, [...(folders.get(name) ?? []), f]);
    }
    for (const f of loose) out.push(kmlPlacemark(f));
    for (const [name, fs] of folders) out.push(`<Folder><name>${escapeXml(name)}</name>`, ...fs.map(kmlPlacemark), '</Folder>');
  } else for (const f of fc.features) out.push(kmlPlacemark(f));
  out.push('</Document>', '</kml>', '');
  return out.join('\n');
}

function gpxExtensions(p: Record<string, unknown>, skip: string[], extra = ''): string {
  const props = Object.entries(p)
    .filter(([k, v]) => !(skip.includes(k) && typeof v === 'string') && v !== undefined)
    .map(([k, v]) =>
      typeof v === 'string'
        ? `<waymark:property name="${escapeXml(k)}">${escapeXml(v)}</waymark:property>`
        : `<waymark:property name="${escapeXml(k)}" type="json">${escapeXml(JSON.stringify(v))}</waymark:property>`,
    )
    .join('');
  return props || extra ? `<extensions>${extra}${props}</extensions>` : '';
}

const gpxPoint = (tag: string, p: Position, inner = '') =>
  `<${tag} lat="${fmt(p[1]!)}" lon="${fmt(p[0]!)}">${p.length > 2 && Number.isFinite(p[2]) ? `<ele>${fmtEle(p[2]!)}</ele>` : ''}${inner}</${tag}>`;

function gpxNameDesc(p: Record<string, unknown>) {
  const name = textProp(p, 'name');
  const desc = textProp(p, 'description');
  return `${name !== undefined ? `<name>${escapeXml(name)}</name>` : ''}${desc !== undefined ? `<desc>${escapeXml(desc)}</desc>` : ''}`;
}

/** A feature collection as GPX 1.1: points → waypoints, lines → tracks, polygons → marked tracks. */
export function featuresToGpx(fc: GeoFeatureCollection, opts: ExportOptions = {}): string {
  const wpts: string[] = [];
  const trks: string[] = [];
  const skip = ['name', 'description'];
  for (const f of fc.features) {
    const g = f.geometry;
    if (!g) continue;
    const p = f.properties ?? {};
    const track = (segments: Position[][], polygon: boolean) =>
      trks.push(
        `<trk>${gpxNameDesc(p)}${gpxExtensions(p, skip, polygon ? '<waymark:geometry>Polygon</waymark:geometry>' : '')}${segments
          .map((s) => `<trkseg>${s.map((pt) => gpxPoint('trkpt', pt)).join('')}</trkseg>`)
          .join('')}</trk>`,
      );
    switch (g.type) {
      case 'Point':
        wpts.push(gpxPoint('wpt', g.coordinates, gpxNameDesc(p) + gpxExtensions(p, skip)));
        break;
      case 'MultiPoint':
        for (const c of g.coordinates) wpts.push(gpxPoint('wpt', c, gpxNameDesc(p) + gpxExtensions(p, skip)));
        break;
      case 'LineString':
        track([g.coordinates], false);
        break;
      case 'MultiLineString':
        track(g.coordinates, false);
        break;
      case 'Polygon':
        track(g.coordinates, true);
        break;
      case 'MultiPolygon':
        for (const poly of g.coordinates) track(poly, true);
        break;
    }
  }
  const meta = opts.name ? `<metadata><name>${escapeXml(opts.name)}</name></metadata>` : '';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<gpx version="1.1" creator="Waymark" xmlns="http://www.topografix.com/GPX/1/1" xmlns:waymark="${WAYMARK_NS}">`,
    meta,
    ...wpts,
    ...trks,
    '</gpx>',
    '',
  ]
    .filter(Boolean)
    .join('\n');
}

export function featuresToGeoJson(fc: GeoFeatureCollection, opts: ExportOptions = {}): string {
  return JSON.stringify(opts.name ? { type: 'FeatureCollection', name: opts.name, features: fc.features } : fc);
}

export function exportFeatures(format: FeatureFormat, fc: GeoFeatureCollection, opts: ExportOptions = {}): string {
  return format === 'kml' ? featuresToKml(fc, opts) : format === 'gpx' ? featuresToGpx(fc, opts) : featuresToGeoJson(fc, opts);
}

export const FEATURE_MEDIA_TYPES: Record<FeatureFormat, string> = {
  geojson: 'application/geo+json',
  kml: 'application/vnd.google-earth.kml+xml',
  gpx: 'application/gpx+xml',
};

// ------------------------------------------------------------------------------------------
// import

const num = (s: string | undefined) => (s === undefined || s.trim() === '' ? NaN : Number(s.trim()));

function point(lon: number, lat: number, ele?: number): Position {
  if (!Number.isFinite(lon) || !Number.isFinite(lat) || Math.abs(lon) > 180 || Math.abs(lat) > 90) {
    throw new FeatureFileError(
      'bad_coordinates',
      `invalid coordinate (${lon}, ${lat}): longitude must be within ±180 and latitude within ±90`,
    );
  }
  return ele !== undefined && Number.isFinite(ele) ? [lon, lat, ele] : [lon, lat];
}

function kmlCoordinates(el: XmlElement | undefined): Position[] {
  const c = el && child(el, 'coordinates');
  if (!c) return [];
  return c.text
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((tuple) => {
      const [lon, lat, ele] = tuple.split(',').map(Number);
      return point(lon ?? NaN, lat ?? NaN, ele);
    });
}

function kmlRing(el: XmlElement | undefined): Position[] | null {
  const ring = el && child(el, 'LinearRing');
  const pts = kmlCoordinates(ring);
  if (pts.length < 3) return null;
  const [a, b] = [pts[0]!, pts[pts.length - 1]!];
  if (a[0] !== b[0] || a[1] !== b[1]) pts.push([...a]); // close an open ring
  return pts;
}

type Part = FeatureGeometry;

function kmlParts(el: XmlElement, depth = 0): Part[] {
  if (depth > 8) throw new FeatureFileError('malformed', 'MultiGeometry nested too deeply');
  const out: Part[] = [];
  for (const c of el.children) {
    if (c.name === 'Point') {
      const pts = kmlCoordinates(c);
      if (pts[0]) out.push({ type: 'Point', coordinates: pts[0] });
    } else if (c.name === 'LineString') {
      const pts = kmlCoordinates(c);
      if (pts.length >= 2) out.push({ type: 'LineString', coordinates: pts });
    } else if (c.name === 'Polygon') {
      const outer = kmlRing(child(c, 'outerBoundaryIs'));
      if (outer) {
        const inner = c.children
          .filter((x) => x.name === 'innerBoundaryIs')
          .map(kmlRing)
          .filter((r): r is Position[] => r !== null);
        out.push({ type: 'Polygon', coordinates: [outer, ...inner] });
      }
    } else if (c.name === 'MultiGeometry') out.push(...kmlParts(c, depth + 1));
    else if (c.name === 'Track') {
      const pts = c.children
        .filter((x) => x.name === 'coord')
        .map((x) => {
          const [lon, lat, ele] = x.text.trim().split(/\s+/).map(Number);
          return point(lon ?? NaN, lat ?? NaN, ele);
        });
      if (pts.length >= 2) out.push({ type: 'LineString', coordinates: pts });
    } else if (c.name === 'MultiTrack') out.push(...kmlParts(c, depth + 1));
  }
  return out;
}

/** Parts of one kind merge into a multi-geometry; mixed parts become one feature each. */
function combine(parts: Part[]): FeatureGeometry[] {
  if (parts.length <= 1) return parts;
  const kinds = new Set(parts.map((p) => p.type));
  if (kinds.size > 1) return parts;
  const kind = parts[0]!.type;
  if (kind === 'Point') return [{ type: 'MultiPoint', coordinates: parts.map((p) => p.coordinates as Position) }];
  if (kind === 'LineString') return [{ type: 'MultiLineString', coordinates: parts.map((p) => p.coordinates as Position[]) }];
  if (kind === 'Polygon') return [{ type: 'MultiPolygon', coordinates: parts.map((p) => p.coordinates as Position[][]) }];
  return parts;
}

/** KML aabbggrr → { hex: #rrggbb, opacity }. */
function fromKmlColor(s: string | undefined): { hex: string; opacity: number } | null {
  const m = s?.trim().match(/^([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i);
  if (!m) return null;
  return { hex: `#${m[4]}${m[3]}${m[2]}`.toLowerCase(), opacity: Math.round((parseInt(m[1]!, 16) / 255) * 100) / 100 };
}

function styleProps(style: XmlElement | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!style) return out;
  const line = child(style, 'LineStyle');
  const poly = child(style, 'PolyStyle');
  const icon = child(style, 'IconStyle');
  const lc = fromKmlColor(line && child(line, 'color')?.text);
  if (lc) {
    out.stroke = lc.hex;
    out['stroke-opacity'] = lc.opacity;
  }
  const w = num(line && child(line, 'width')?.text);
  if (Number.isFinite(w) && w >= 0 && w <= 20) out['stroke-width'] = w;
  const pc = fromKmlColor(poly && child(poly, 'color')?.text);
  if (pc) {
    out.fill = pc.hex;
    out['fill-opacity'] = pc.opacity;
  }
  const ic = fromKmlColor(icon && child(icon, 'color')?.text);
  if (ic) out['marker-color'] = ic.hex;
  return out;
}

function fromKml(root: XmlElement): ParsedFeatureFile {
  if (root.name !== 'kml') throw new FeatureFileError('unsupported', `not a KML file (root element <${root.name}>)`);
  const styles = new Map<string, XmlElement>();
  for (const s of findAll(root, 'Style')) if (s.attrs.id) styles.set(s.attrs.id, s);
  const maps = new Map<string, string>();
  for (const m of findAll(root, 'StyleMap')) {
    const normal = m.children.find((p) => p.name === 'Pair' && child(p, 'key')?.text.trim() === 'normal');
    const url = normal && child(normal, 'styleUrl')?.text.trim();
    if (m.attrs.id && url) maps.set(m.attrs.id, url);
  }
  const resolve = (url: string | undefined): XmlElement | undefined => {
    if (!url?.startsWith('#')) return undefined;
    const id = url.slice(1);
    const viaMap = maps.get(id);
    return styles.get(viaMap?.startsWith('#') ? viaMap.slice(1) : id);
  };
  const features: ParsedFeature[] = [];
  for (const pm of findAll(root, 'Placemark')) {
    const props: Record<string, unknown> = {};
    const name = child(pm, 'name')?.text.trim();
    const description = child(pm, 'description')?.text.trim();
    if (name) props.name = name;
    if (description) props.description = description;
    Object.assign(props, styleProps(resolve(child(pm, 'styleUrl')?.text.trim())), styleProps(child(pm, 'Style')));
    const ext = child(pm, 'ExtendedData');
    if (ext) {
      const json = new Set(ext.children.filter((c) => c.name === 'json').map((c) => c.attrs.name));
      for (const d of ext.children) {
        if (d.name === 'Data' && d.attrs.name) {
          const raw = child(d, 'value')?.text ?? '';
          let v: unknown = raw;
          if (json.has(d.attrs.name)) {
            try {
              v = JSON.parse(raw);
            } catch {
              /* keep the text */
            }
          }
          props[d.attrs.name] = v;
        }
      }
      for (const sd of findAll(ext, 'SimpleData')) if (sd.attrs.name) props[sd.attrs.name] = sd.text;
    }
    for (const g of combine(kmlParts(pm))) features.push({ geometry: g, properties: { ...props } });
  }
  const doc = findAll(root, 'Document')[0];
  const docName = doc && child(doc, 'name')?.text.trim();
  return { format: 'kml', ...(docName ? { name: docName } : {}), features };
}

function gpxProps(el: XmlElement): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const [tag, key] of [
    ['name', 'name'],
    ['desc', 'description'],
    ['cmt', 'comment'],
    ['sym', 'symbol'],
    ['type', 'type'],
    ['time', 'time'],
  ] as const) {
    const t = child(el, tag)?.text.trim();
    if (t) props[key] = t;
  }
  const ext = child(el, 'extensions');
  for (const p of ext ? ext.children.filter((c) => c.name === 'property' && c.attrs.name) : []) {
    let v: unknown = p.text;
    if (p.attrs.type === 'json') {
      try {
        v = JSON.parse(p.text);
      } catch {
        /* keep the text */
      }
    }
    props[p.attrs.name!] = v;
  }
  return props;
}

function gpxPt(p: XmlElement): Position {
  const ele = child(p, 'ele');
  return point(num(p.attrs.lon), num(p.attrs.lat), ele ? num(ele.text) : undefined);
}

function fromGpx(root: XmlElement): ParsedFeatureFile {
  if (root.name !== 'gpx') throw new FeatureFileError('unsupported', `not a GPX file (root element <${root.name}>)`);
  const features: ParsedFeature[] = [];
  for (const w of root.children.filter((c) => c.name === 'wpt'))
    features.push({ geometry: { type: 'Point', coordinates: gpxPt(w) }, properties: gpxProps(w) });
  for (const r of root.children.filter((c) => c.name === 'rte')) {
    const pts = r.children.filter((c) => c.name === 'rtept').map(gpxPt);
    if (pts.length >= 2) features.push({ geometry: { type: 'LineString', coordinates: pts }, properties: gpxProps(r) });
  }
  for (const t of root.children.filter((c) => c.name === 'trk')) {
    const segs = t.children
      .filter((c) => c.name === 'trkseg')
      .map((s) => s.children.filter((c) => c.name === 'trkpt').map(gpxPt))
      .filter((s) => s.length >= 2);
    if (!segs.length) continue;
    const ext = child(t, 'extensions');
    const polygon = ext?.children.some((c) => c.name === 'geometry' && c.text.trim() === 'Polygon');
    const geometry: FeatureGeometry = polygon
      ? { type: 'Polygon', coordinates: segs }
      : segs.length === 1
        ? { type: 'LineString', coordinates: segs[0]! }
        : { type: 'MultiLineString', coordinates: segs };
    features.push({ geometry, properties: gpxProps(t) });
  }
  const meta = child(root, 'metadata');
  const name = meta && child(meta, 'name')?.text.trim();
  return { format: 'gpx', ...(name ? { name } : {}), features };
}

function fromGeoJson(text: string): ParsedFeatureFile {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new FeatureFileError('malformed', `not valid JSON: ${(e as Error).message}`);
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) throw new FeatureFileError('unsupported', 'GeoJSON must be an object');
  const d = doc as { type?: unknown; features?: unknown; name?: unknown };
  const features: ParsedFeature[] = [];
  const props = (p: unknown): Record<string, unknown> =>
    p && typeof p === 'object' && !Array.isArray(p) ? (p as Record<string, unknown>) : {};
  const addGeometry = (g: unknown, properties: Record<string, unknown>, depth: number) => {
    if (g === null || g === undefined) return; // a feature without geometry carries nothing to draw
    if (typeof g !== 'object') throw new FeatureFileError('malformed', 'a geometry must be an object');
    const o = g as { type?: unknown; geometries?: unknown };
    if (o.type === 'GeometryCollection') {
      if (depth > 8 || !Array.isArray(o.geometries))
        throw new FeatureFileError('malformed', 'GeometryCollection without a geometries array');
      for (const x of o.geometries) addGeometry(x, properties, depth + 1);
    } else features.push({ geometry: g, properties: { ...properties } });
  };
  const addFeature = (f: unknown, i: number) => {
    if (!f || typeof f !== 'object' || (f as { type?: unknown }).type !== 'Feature') {
      throw new FeatureFileError('malformed', `feature ${i + 1} is not a GeoJSON Feature`);
    }
    const o = f as { geometry?: unknown; properties?: unknown };
    addGeometry(o.geometry, props(o.properties), 0);
  };
  if (d.type === 'FeatureCollection') {
    if (!Array.isArray(d.features)) throw new FeatureFileError('malformed', 'FeatureCollection.features must be an array');
    d.features.forEach(addFeature);
  } else if (d.type === 'Feature') addFeature(d, 0);
  else if (typeof d.type === 'string') addGeometry(d, {}, 0);
  else throw new FeatureFileError('unsupported', 'not a GeoJSON object (no "type")');
  return { format: 'geojson', ...(typeof d.name === 'string' && d.name.trim() ? { name: d.name.trim().slice(0, 200) } : {}), features };
}

/** Guess the format from the file name and/or its first characters. */
export function detectFeatureFormat(text: string, fileName?: string): FeatureFormat | null {
  const ext = fileName?.toLowerCase().match(/\.(gpx|kml|geojson|json)$/)?.[1];
  if (ext === 'gpx' || ext === 'kml') return ext;
  if (ext === 'geojson' || ext === 'json') return 'geojson';
  const head = text
    .slice(0, 4000)
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (head.startsWith('{')) return 'geojson';
  if (/<(?:[\w.-]+:)?gpx[\s>/]/.test(head)) return 'gpx';
  if (/<(?:[\w.-]+:)?kml[\s>/]/.test(head)) return 'kml';
  return null;
}

export interface ParseFeatureFileOptions {
  fileName?: string;
  format?: FeatureFormat;
  maxBytes?: number;
  maxFeatures?: number;
}

/**
 * Read a GeoJSON, KML or GPX file into features with their properties. Throws FeatureFileError
 * (with a message fit for the user) for oversized, malformed, unsupported or empty files. The
 * geometries still go through the map model's validation when added.
 */
export function parseFeatureFile(text: string, opts: ParseFeatureFileOptions = {}): ParsedFeatureFile {
  const maxBytes = opts.maxBytes ?? MAX_FEATURE_FILE_BYTES;
  if (text.length > maxBytes) {
    throw new FeatureFileError(
      'too_large',
      `file too large (${(text.length / 1048576).toFixed(1)} MB; the limit is ${(maxBytes / 1048576).toFixed(0)} MB)`,
    );
  }
  const format = opts.format ?? detectFeatureFormat(text, opts.fileName);
  if (!format) throw new FeatureFileError('unsupported', 'unrecognised file: expected GeoJSON, KML or GPX');
  let parsed: ParsedFeatureFile;
  if (format === 'geojson') parsed = fromGeoJson(text);
  else {
    let root: XmlElement;
    try {
      root = parseXml(text);
    } catch (e) {
      if (e instanceof XmlError) throw new FeatureFileError('malformed', `malformed ${format.toUpperCase()}: ${e.message}`);
      throw e;
    }
    parsed = format === 'gpx' ? fromGpx(root) : fromKml(root);
  }
  const max = opts.maxFeatures ?? MAX_FILE_FEATURES;
  if (parsed.features.length > max)
    throw new FeatureFileError('too_many_features', `too many features (${parsed.features.length}; the limit is ${max})`);
  if (!parsed.features.length) throw new FeatureFileError('empty', 'the file has no features with a geometry');
  return parsed;
}
