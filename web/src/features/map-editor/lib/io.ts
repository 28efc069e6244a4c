import { addLayerWithFeatures, MapEditError, toFeatureCollection, type ProjectMap } from '@waymark/collab';
import { exportFeatures, FEATURE_MEDIA_TYPES, FeatureFileError, parseFeatureFile } from '@waymark/geo/io/features';

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
  try {
    return parseFeatureFile(text, { fileName, maxBytes: IMPORT_MAX_BYTES });
  } catch (e) {
    if (e instanceof FeatureFileError) throw new ImportError(`${fileName}: ${e.message}`);
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

/** Export the whole map (KML: one folder per layer; others: each feature's layer name as a property) or one layer. */
export function exportMap(
  map: ProjectMap,
  format: MapFormat,
  opts: { layerId?: string; name: string },
): { text: string; fileName: string; type: string } {
  const fc = toFeatureCollection(map, { layerId: opts.layerId, withLayer: !opts.layerId });
  const safe = opts.name.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^-+|-+$/g, '') || 'map';
  const text =
    format === 'geojson'
      ? JSON.stringify({ ...fc, name: opts.name }, null, 2)
      : exportFeatures(format, fc, {
          name: opts.name,
          ...(format === 'kml' && !opts.layerId
            ? { folderOf: (f) => (typeof f.properties?.layer === 'string' ? f.properties.layer : null) }
            : {}),
        });
  return { text, fileName: `${safe}.${format}`, type: FEATURE_MEDIA_TYPES[format] };
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
