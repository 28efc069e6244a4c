import { IndexeddbPersistence } from 'y-indexeddb';
import { useEffect, useState } from 'react';
import * as Y from 'yjs';
import { useSession } from '@/lib/session';
import { MapEditor } from './map-editor';

export const SCRATCH_DB = 'waymark-scratch-map';

/** The scratch map's document, kept in this browser's IndexedDB (no server). */
function useScratchDoc(): Y.Doc | null {
  const [doc, setDoc] = useState<Y.Doc | null>(null);
  useEffect(() => {
    const d = new Y.Doc();
    const idb = new IndexeddbPersistence(SCRATCH_DB, d);
    let live = true;
    void idb.whenSynced.then(() => live && setDoc(d));
    return () => {
      live = false;
      void idb.destroy();
      d.destroy();
    };
  }, []);
  return doc;
}

/** /explorer without a project: a map kept in the browser that can be saved as a new project. */
export function ScratchEditor({ region, actions }: { region: string; actions?: (doc: Y.Doc, userId: string) => React.ReactNode }) {
  const doc = useScratchDoc();
  const session = useSession();
  if (!doc) return <div className="bg-muted h-dvh w-full animate-pulse" aria-busy="true" aria-label="Loading the map" />;
  return (
    <MapEditor
      doc={doc}
      userId={session.data?.user.id ?? 'local'}
      readOnly={false}
      title="Project Map Editor"
      subtitle="Scratch map — kept in this browser"
      variant="full"
      region={region}
      actions={actions?.(doc, session.data?.user.id ?? 'local')}
    />
  );
}
