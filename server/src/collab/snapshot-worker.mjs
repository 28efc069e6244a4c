// Builds a project map's snapshot off the main thread: applies a snapshot and the updates after
// it to a fresh Yjs document (garbage-collecting deleted content) and encodes its state.
// Plain JavaScript so it runs as a worker without a TypeScript loader.
import { parentPort } from 'node:worker_threads';
import * as Y from 'yjs';

parentPort.on('message', ({ id, parts }) => {
  try {
    const doc = new Y.Doc({ gc: true });
    let skipped = 0;
    try {
      Y.applyUpdate(doc, Y.mergeUpdates(parts));
    } catch {
      for (const p of parts) {
        try {
          Y.applyUpdate(doc, p);
        } catch {
          skipped++;
        }
      }
    }
    const state = Y.encodeStateAsUpdate(doc);
    doc.destroy();
    parentPort.postMessage({ id, state, skipped }, [state.buffer]);
  } catch (err) {
    parentPort.postMessage({ id, error: String(err && err.message ? err.message : err) });
  }
});
