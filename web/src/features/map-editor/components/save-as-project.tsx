import { Save } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { clearDocument } from 'y-indexeddb';
import * as Y from 'yjs';
import { NavLink } from '@/components/layout/nav-link';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useCreateProjectForMap } from '../api/project';
import { MapConnection } from '../lib/connection';
import { SCRATCH_DB } from './scratch-editor';

/** Push a document's whole state into a project's map and wait until the server has it (or time runs out). */
async function pushInto(projectId: string, user: { id: string; name: string }, doc: Y.Doc, timeoutMs = 20_000): Promise<boolean> {
  const conn = new MapConnection(projectId, user);
  try {
    Y.applyUpdate(conn.doc, Y.encodeStateAsUpdate(doc), 'scratch');
    return await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => (off(), resolve(false)), timeoutMs);
      const check = () => {
        const s = conn.getState();
        if (s.synced && s.waiting === 0) {
          clearTimeout(timer);
          off();
          resolve(true);
        }
      };
      const off = conn.subscribe(check);
      check();
    });
  } finally {
    // the IndexedDB copy keeps anything the server has not acknowledged; the project editor resends it
    await conn.idb.whenSynced;
    conn.destroy();
  }
}

/** "Save as project": creates a project through the projects API, then pushes the scratch map into it. */
export function SaveAsProject({ doc, onSaved }: { doc: Y.Doc; onSaved: (projectId: string) => void }) {
  const session = useSession();
  const create = useCreateProjectForMap();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const user = session.data?.user;
  if (!user) {
    return (
      <Button asChild variant="outline" size="sm">
        <NavLink to={`/login?redirect=${encodeURIComponent('/explorer')}`}>
          <Save aria-hidden /> <span className="max-sm:sr-only">Sign in to save</span>
        </NavLink>
      </Button>
    );
  }
  const submit = async () => {
    if (!name.trim()) return;
    setBusy(true);
    try {
      const p = await create.mutateAsync({ name: name.trim() });
      const ok = await pushInto(p.id, { id: user.id, name: user.name || 'Someone' }, doc);
      if (ok) {
        toast.success(`Saved as project “${p.name}”`);
        await clearDocument(SCRATCH_DB).catch(() => undefined);
      } else toast.warning('The project was created; the map will finish uploading when the connection allows.');
      setOpen(false);
      onSaved(p.id);
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : 'Could not save the project');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)}>
        <Save aria-hidden /> <span className="max-sm:sr-only">Save as project</span>
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <form
            className="grid gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <DialogHeader>
              <DialogTitle>Save as a new project</DialogTitle>
              <DialogDescription>The map moves into a new project you own; invite people to edit it together.</DialogDescription>
            </DialogHeader>
            <div className="grid gap-2">
              <Label htmlFor="scratch-project-name">Project name</Label>
              <Input id="scratch-project-name" value={name} maxLength={120} required onChange={(e) => setName(e.target.value)} autoFocus />
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy || !name.trim()}>
                {busy ? 'Saving…' : 'Save'}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
