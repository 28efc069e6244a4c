import type { DocumentItem } from '@waymark/contracts';
import { Download, FileText, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api-client';
import { useDeleteDocument } from '../api/delete-document';
import { downloadUrl, useDocuments } from '../api/get-documents';
import { useRenameDocument } from '../api/rename-document';
import { formatBytes, formatDate } from '../lib/status';
import { Dropzone } from './dropzone';
import { UploadQueue, useUploadQueue } from './upload-queue';

/** Documents of a project: drop to upload (editors), list, download, rename, delete. */
export function DocumentsPanel({ projectId, canEdit }: { projectId: string; canEdit: boolean }) {
  const { data, isLoading } = useDocuments(projectId);
  const queue = useUploadQueue(projectId, data?.uploadLimitBytes);
  const rename = useRenameDocument(projectId);
  const del = useDeleteDocument(projectId);
  const [renaming, setRenaming] = useState<DocumentItem | null>(null);
  const [newName, setNewName] = useState('');
  const [deleting, setDeleting] = useState<DocumentItem | null>(null);
  const docs = data?.documents ?? [];
  return (
    <Card data-testid="documents">
      <CardHeader>
        <CardTitle>
          <h2>Documents</h2>
        </CardTitle>
        <CardDescription>
          {data
            ? `${docs.length} file${docs.length === 1 ? '' : 's'} · up to ${formatBytes(data.uploadLimitBytes)} each`
            : 'Files of this project'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {canEdit && <Dropzone onFiles={(files) => void queue.add(files.map((f) => ({ blob: f, name: f.name })))} />}
        <UploadQueue items={queue.items} onDismiss={queue.dismiss} />
        {isLoading && <p className="text-muted-foreground text-sm">Loading…</p>}
        {!isLoading && docs.length === 0 && <p className="text-muted-foreground text-sm">No documents yet.</p>}
        <ul className="grid gap-1.5" aria-label="Documents" data-testid="document-list">
          {docs.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center gap-2 rounded-md border px-3 py-2 text-sm">
              <FileText aria-hidden className="text-muted-foreground size-4 shrink-0" />
              <span className="grid min-w-0 flex-1">
                <bdi className="truncate font-medium">{d.name}</bdi>
                <span className="text-muted-foreground text-xs">
                  <bdi>{formatBytes(d.sizeBytes)}</bdi> · {d.uploadedBy?.name ?? 'Someone'} · <bdi>{formatDate(d.createdAt)}</bdi>
                </span>
              </span>
              <Button variant="ghost" size="icon" className="size-8" asChild>
                <a href={downloadUrl(projectId, d.id)} download={d.name} aria-label={`Download ${d.name}`}>
                  <Download aria-hidden />
                </a>
              </Button>
              {canEdit && (
                <>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    aria-label={`Rename ${d.name}`}
                    onClick={() => {
                      setNewName(d.name);
                      setRenaming(d);
                    }}
                  >
                    <Pencil aria-hidden />
                  </Button>
                  <Button variant="ghost" size="icon" className="size-8" aria-label={`Delete ${d.name}`} onClick={() => setDeleting(d)}>
                    <Trash2 aria-hidden />
                  </Button>
                </>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
      <Dialog open={renaming !== null} onOpenChange={(o) => !o && setRenaming(null)}>
        <DialogContent>
          <form
            className="grid gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              if (!renaming || !newName.trim()) return;
              rename.mutate(
                { documentId: renaming.id, name: newName.trim() },
                {
                  onSuccess: () => setRenaming(null),
                  onError: (err) => toast.error(err instanceof ApiError ? err.message : 'Could not rename'),
                },
              );
            }}
          >
            <DialogHeader>
              <DialogTitle>Rename document</DialogTitle>
              <DialogDescription>The file itself does not change.</DialogDescription>
            </DialogHeader>
            <div className="grid gap-1.5">
              <Label htmlFor="doc-name">Name</Label>
              <Input id="doc-name" value={newName} maxLength={200} onChange={(e) => setNewName(e.target.value)} />
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setRenaming(null)}>
                Cancel
              </Button>
              <Button type="submit" disabled={!newName.trim() || rename.isPending}>
                Rename
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
      <AlertDialog open={deleting !== null} onOpenChange={(o) => !o && setDeleting(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete “{deleting?.name}”?</AlertDialogTitle>
            <AlertDialogDescription>The file is removed for every member. This cannot be undone.</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              onClick={() => {
                if (deleting)
                  del.mutate(deleting.id, { onError: (err) => toast.error(err instanceof ApiError ? err.message : 'Could not delete') });
              }}
            >
              Delete
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
