// The add-project wizard's draft lives in the browser's IndexedDB (not on the server): the form
// fields and the chosen files themselves (Blobs), so a reload — or closing the tab — keeps both.
// The project is created only when the last step is submitted; then the draft is deleted.
import type { ProjectColor, ProjectLocation, ProjectStatus } from '@waymark/contracts';

export interface DraftFile {
  id: string;
  name: string;
  type: string;
  size: number;
  /** The file's bytes (an ArrayBuffer: it clones into IndexedDB in every browser mode, Blobs do not). */
  bytes: ArrayBuffer;
}

/** A draft file from a picked or dropped file (reads its bytes). */
export async function toDraftFile(f: File): Promise<DraftFile> {
  return { id: crypto.randomUUID(), name: f.name, type: f.type, size: f.size, bytes: await f.arrayBuffer() };
}

export const draftBlob = (f: DraftFile) => new Blob([f.bytes], { type: f.type });

export interface ProjectDraft {
  name: string;
  description: string;
  color: ProjectColor;
  emoji: string;
  status: ProjectStatus;
  location: ProjectLocation | null;
  /** The region whose map the location step shows. */
  region: string;
  files: DraftFile[];
  updatedAt: number;
}

export const EMPTY_DRAFT: ProjectDraft = {
  name: '',
  description: '',
  color: 'blue',
  emoji: '',
  status: 'draft',
  location: null,
  region: 'andorra',
  files: [],
  updatedAt: 0,
};

const DB = 'waymark-project-drafts';
const STORE = 'drafts';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function tx<T>(mode: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const t = db.transaction(STORE, mode);
      const req = fn(t.objectStore(STORE));
      t.oncomplete = () => resolve(req.result);
      t.onerror = () => reject(t.error);
      t.onabort = () => reject(t.error);
    });
  } finally {
    db.close();
  }
}

export async function loadDraft(key: string): Promise<ProjectDraft> {
  try {
    const d = await tx<ProjectDraft | undefined>('readonly', (s) => s.get(key) as IDBRequest<ProjectDraft | undefined>);
    return d ? { ...EMPTY_DRAFT, ...d } : { ...EMPTY_DRAFT };
  } catch {
    return { ...EMPTY_DRAFT };
  }
}

export async function saveDraft(key: string, draft: ProjectDraft): Promise<void> {
  await tx('readwrite', (s) => s.put({ ...draft, updatedAt: Date.now() }, key));
}

export async function clearDraft(key: string): Promise<void> {
  await tx('readwrite', (s) => s.delete(key));
}
