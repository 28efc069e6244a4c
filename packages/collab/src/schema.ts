// The value schemas and limits live with the wire contracts (packages/contracts/src/collab-model.ts)
// so the API and the document model share them; the records of the document are defined here.
import type { Geometry, LayerSource, Properties, Style, StyleOverride } from '@waymark/contracts/collab-model';

export {
  LIMITS,
  position,
  pointGeometry,
  geometrySchema,
  countPositions,
  propertiesSchema,
  styleSchema,
  styleOverrideSchema,
  DEFAULT_STYLE,
  layerSourceSchema,
  nameSchema,
} from '@waymark/contracts/collab-model';
export type { Position, Geometry, Json, Properties, Style, StyleOverride, LayerSource } from '@waymark/contracts/collab-model';

export interface LayerRecord {
  id: string;
  name: string;
  /** fractional index: layers sort by it ascending (bottom of the list = drawn last = on top is the UI's choice) */
  order: string;
  visible: boolean;
  locked: boolean;
  style: Style;
  source: LayerSource | null;
  createdBy: string;
  createdAt: number;
}

export interface GeometryRevision {
  g: Geometry;
  /** user id of the author */
  by: string;
  /** author's clock, ms since epoch */
  at: number;
  /** Yjs client id of the writer (tie-break, and "was this mine") */
  c: number;
}

export interface FeatureRecord {
  id: string;
  layerId: string;
  geometry: Geometry;
  properties: Properties;
  style: StyleOverride;
  createdBy: string;
  createdAt: number;
  /** author and time of the current geometry */
  updatedBy: string;
  updatedAt: number;
}
