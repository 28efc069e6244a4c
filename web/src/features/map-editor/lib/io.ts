import { addLayerWithFeatures, readGeoJson, toFeatureCollection, MapEditError, type ProjectMap } from '@waymark/collab';

export type MapFormat = 'geojson' | 'kml' | 'gpx';
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

export class ImportError extends Error {
  override name = 'ImportError';
}

/** The layer name an imported file gets: its own name, else the file name without extension. */
export function layerNameFor(fileName: string, own?: string): string {
  const base = (own?.trim() || fileName.replace(/\.[^.]+$/, '') || 'Imported').slice(0, 200);
  return base || 'Imported';
}

/** Parse a file's text into features (GeoJSON, KML or GPX). Throws ImportError with a message for people. */
export function parseFile(
  text: string,
  fileName: string,
): { format: MapFormat; name?: string; features: { geometry: unknown; properties: Record<string, unknown> }[] } {
  if (text.length > IMPORT_MAX_BYTES) throw new ImportError(`${fileName} is larger than 20 MB`);
  const head = text
    .slice(0, 200)
    .replace(/^\uFEFF/, '')
    .trimStart();
  const lower = fileName.toLowerCase();
  if (!(lower.endsWith('.geojson') || lower.endsWith('.json') || head.startsWith('{')))
    throw new ImportError(`${fileName}: unrecognised file (expected GeoJSON, KML or GPX)`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ImportError(`${fileName} is not valid JSON`);
  }
  try {
    const features = readGeoJson(value);
    if (!features.length) throw new ImportError(`${fileName} has no features with a geometry`);
    const name = (value as { name?: unknown }).name;
    return { format: 'geojson', ...(typeof name === 'string' ? { name } : {}), features };
  } catch (e) {
    if (e instanceof MapEditError) throw new ImportError(`${fileName}: ${e.message}`);
    throw e;
  }
}

/**
 * Import one file as a new layer (all or nothing: a bad feature changes nothing). Returns the new
 * layer's id and how many features it holds.
 */
export function importFile(map: ProjectMap, text: string, fileName: string): { layerId: string; count: number; name: string } {
  const parsed = parseFile(text, fileName);
  const name = layerNameFor(fileName, parsed.name);
  try {
    const r = addLayerWithFeatures(map, {
      name,
      source: { kind: 'import', fileName: fileName.slice(0, 200), format: parsed.format },
      features: parsed.features,
    });
    return { ...r, name };
  } catch (e) {
    if (e instanceof MapEditError) throw new ImportError(`${fileName}: ${e.message}`);
    throw e;
  }
}

/** Export the whole map (with each feature's layer name) or one layer. */
export function exportMap(
  map: ProjectMap,
  format: MapFormat,
  opts: { layerId?: string; name: string },
): { text: string; fileName: string; type: string } {
  const fc = toFeatureCollection(map, { layerId: opts.layerId, withLayer: !opts.layerId });
  const safe = opts.name.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^-+|-+$/g, '') || 'map';
  if (format !== 'geojson') throw new ImportError(`${format.toUpperCase()} export is not available`);
  return { text: JSON.stringify({ ...fc, name: opts.name }, null, 2), fileName: `${safe}.geojson`, type: 'application/geo+json' };
}

/** Let the browser save `text` as a file. */
export function download(text: string, fileName: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
