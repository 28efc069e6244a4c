import { CheckCircle2, CircleAlert, X } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { useUploadDocument } from '../api/upload-document';
import { formatBytes } from '../lib/status';

export interface QueueItem {
  key: string;
  name: string;
  size: number;
  loaded: number;
  state: 'uploading' | 'done' | 'error';
  error?: string;
  abort?: () => void;
}

/** Upload several files at once, each with its own progress bar; errors (413/415…) stay listed. */
export function useUploadQueue(projectId: string | null, limit?: number) {
  const [items, setItems] = useState<QueueItem[]>([]);
  const upload = useUploadDocument(projectId);
  const seq = useRef(0);
  const patch = (key: string, p: Partial<QueueItem>) => setItems((xs) => xs.map((x) => (x.key === key ? { ...x, ...p } : x)));

  const add = useCallback(
    (files: { blob: Blob; name: string }[], target?: string): Promise<boolean[]> =>
      Promise.all(
        files.map(async ({ blob, name }) => {
          const key = `u${++seq.current}`;
          if (limit !== undefined && blob.size > limit) {
            setItems((xs) => [
              ...xs,
              { key, name, size: blob.size, loaded: 0, state: 'error', error: `Larger than the upload limit of ${formatBytes(limit)}` },
            ]);
            return false;
          }
          const h = upload(blob, name, (loaded) => patch(key, { loaded }), target);
          setItems((xs) => [...xs, { key, name, size: blob.size, loaded: 0, state: 'uploading', abort: h.abort }]);
          try {
            await h.promise;
            patch(key, { state: 'done', loaded: blob.size, abort: undefined });
            return true;
          } catch (err) {
            patch(key, { state: 'error', abort: undefined, error: err instanceof ApiError ? err.message : 'Upload failed' });
            return false;
          }
        }),
      ),
    [upload, limit],
  );
  const dismiss = (key: string) => setItems((xs) => xs.filter((x) => x.key !== key));
  const clearDone = () => setItems((xs) => xs.filter((x) => x.state !== 'done'));
  return { items, add, dismiss, clearDone };
}

export function UploadQueue({ items, onDismiss }: { items: QueueItem[]; onDismiss: (key: string) => void }) {
  if (!items.length) return null;
  return (
    <ul className="grid gap-2" aria-label="Uploads">
      {items.map((it) => {
        const pct = it.size ? Math.round((it.loaded / it.size) * 100) : 100;
        return (
          <li key={it.key} className="grid gap-1 rounded-md border px-3 py-2 text-sm" data-testid="upload-item" data-state={it.state}>
            <div className="flex items-center gap-2">
              {it.state === 'done' ? (
                <CheckCircle2 aria-hidden className="size-4 shrink-0 text-emerald-600 dark:text-emerald-400" />
              ) : it.state === 'error' ? (
                <CircleAlert aria-hidden className="text-destructive size-4 shrink-0" />
              ) : null}
              <bdi className="min-w-0 flex-1 truncate">{it.name}</bdi>
              <span className="text-muted-foreground text-xs tabular-nums">
                {it.state === 'uploading' ? `${pct}%` : it.state === 'done' ? 'Uploaded' : 'Failed'}
              </span>
              {it.state === 'uploading' && it.abort ? (
                <Button variant="ghost" size="icon" className="size-6" onClick={it.abort} aria-label={`Cancel upload of ${it.name}`}>
                  <X aria-hidden />
                </Button>
              ) : (
                <Button variant="ghost" size="icon" className="size-6" onClick={() => onDismiss(it.key)} aria-label={`Dismiss ${it.name}`}>
                  <X aria-hidden />
                </Button>
              )}
            </div>
            {it.state === 'uploading' && <Progress value={pct} aria-label={`Uploading ${it.name}`} className="h-1.5" />}
            {it.error && (
              <p role="alert" className="text-destructive text-xs">
                {it.error}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
