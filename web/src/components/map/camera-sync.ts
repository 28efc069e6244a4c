// Synchronised cameras: maps added to one sync follow each other. When one moves (a drag, a zoom,
// an animation, a jumpTo from code), the others jump to its centre, zoom, bearing and pitch in the
// same frame. The jumps fire the others' own `move` events synchronously; a guard ignores those,
// so nothing echoes back to the map that moved (no feedback loop, no jitter).
import { useEffect } from 'react';

export interface Camera {
  center: [number, number];
  zoom: number;
  bearing: number;
  pitch: number;
}

/** The parts of a MapLibre map a sync uses. */
export interface SyncableMap {
  on(type: 'move', fn: () => void): unknown;
  off(type: 'move', fn: () => void): unknown;
  getCenter(): { lng: number; lat: number };
  getZoom(): number;
  getBearing(): number;
  getPitch(): number;
  jumpTo(camera: Partial<Camera>): unknown;
}

export interface CameraSync {
  /** Join `map` to the sync (it jumps to the shared camera, if any); returns the function that removes it. */
  add(map: SyncableMap): () => void;
  /** The camera of the map that moved last (null before any map joined). */
  camera(): Camera | null;
}

function cameraOf(m: SyncableMap): Camera {
  const c = m.getCenter();
  return { center: [c.lng, c.lat], zoom: m.getZoom(), bearing: m.getBearing(), pitch: m.getPitch() };
}

export function createCameraSync(): CameraSync {
  const maps = new Set<SyncableMap>();
  let syncing = false;
  let last: Camera | null = null;
  return {
    add(map) {
      if (last) {
        syncing = true;
        try {
          map.jumpTo(last);
        } finally {
          syncing = false;
        }
      } else last = cameraOf(map);
      const onMove = () => {
        if (syncing) return;
        syncing = true;
        try {
          last = cameraOf(map);
          for (const other of maps) if (other !== map) other.jumpTo(last);
        } finally {
          syncing = false;
        }
      };
      map.on('move', onMove);
      maps.add(map);
      return () => {
        map.off('move', onMove);
        maps.delete(map);
      };
    },
    camera: () => last,
  };
}

/** Keep `map` (once loaded) in `sync` while mounted. */
export function useCameraSync(sync: CameraSync, map: SyncableMap | null): void {
  useEffect(() => (map ? sync.add(map) : undefined), [sync, map]);
}
