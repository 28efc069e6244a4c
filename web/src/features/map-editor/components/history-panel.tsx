import { History, RotateCcw } from 'lucide-react';
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
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { useMapHistory, useRestoreVersion } from '../api/history';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The project map's versions from the server (who, when, how many changes). Editors restore the
 * whole map, or the selected feature, as it was after a version; the restore is written as new
 * changes, so it can itself be undone from here.
 */
export function HistoryPanel({
  projectId,
  readOnly,
  selected,
  active,
}: {
  projectId: string;
  readOnly: boolean;
  selected: { id: string; label: string } | null;
  active: boolean;
}) {
  const history = useMapHistory(projectId, active);
  const restore = useRestoreVersion(projectId);
  const [confirm, setConfirm] = useState<{ seq: number; featureId?: string; label: string } | null>(null);

  const run = (c: { seq: number; featureId?: string }) =>
    restore.mutate(c, {
      onSuccess: (r) =>
        toast.success(c.featureId ? 'Feature restored' : `Map restored (${r.features} features, ${r.layers} layers changed)`),
      onError: (e) => toast.error(e instanceof ApiError ? e.message : 'Could not restore'),
    });

  return (
    <div className="grid gap-2">
      <h2 className="flex items-center gap-2 text-sm font-semibold">
        <History aria-hidden className="size-4" /> Versions
      </h2>
      {history.isLoading && <Skeleton className="h-24" />}
      {history.error && (
        <p role="alert" className="text-destructive text-sm">
          Could not load the history.
        </p>
      )}
      {history.data && history.data.versions.length === 0 && <p className="text-muted-foreground text-sm">No saved versions yet.</p>}
      <ol className="grid gap-2" aria-label="Versions, newest first">
        {history.data?.versions.map((v) => (
          <li key={v.seq} className="grid gap-1 rounded-md border p-2 text-sm" data-version={v.seq}>
            <div className="flex flex-wrap items-baseline justify-between gap-x-2">
              <span className="font-medium">
                <bdi>{v.author?.name || 'Someone'}</bdi>
              </span>
              <time dateTime={v.endedAt} className="text-muted-foreground text-xs">
                <bdi>{when(v.endedAt)}</bdi>
              </time>
            </div>
            <span className="text-muted-foreground text-xs">
              {v.changes} change{v.changes === 1 ? '' : 's'}
            </span>
            {!readOnly && (
              <div className="flex flex-wrap gap-1">
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setConfirm({ seq: v.seq, label: `the whole map as it was at ${when(v.endedAt)}` })}
                >
                  <RotateCcw aria-hidden /> Restore map
                </Button>
                {selected && (
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() =>
                      setConfirm({ seq: v.seq, featureId: selected.id, label: `${selected.label} as it was at ${when(v.endedAt)}` })
                    }
                  >
                    <RotateCcw aria-hidden /> Restore selected feature
                  </Button>
                )}
              </div>
            )}
          </li>
        ))}
      </ol>
      {history.data?.base && (
        <p className="text-muted-foreground text-xs">
          Older history was compacted; the oldest state kept is from {when(history.data.base.createdAt)}.
        </p>
      )}
      <AlertDialog open={!!confirm} onOpenChange={(o) => !o && setConfirm(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Restore?</AlertDialogTitle>
            <AlertDialogDescription>
              This brings back {confirm?.label}. It is saved as a new change for everyone; the current state stays in the history.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={() => confirm && run(confirm)}>Restore</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
