import { keepPreviousData } from '@tanstack/react-query';
import { Copy, FolderOpen, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import type { RouteListParams, RouteSummary } from '@waymark/contracts/routes';
import { errorMessage } from '@/lib/errors';
import { useDeleteRoute } from '../api/delete-route';
import { useDuplicateRoute } from '../api/duplicate-route';
import { useRoutes } from '../api/get-routes';
import { useUpdateRoute } from '../api/update-route';
import type { Units } from '../lib/types';
import { formatDistance, formatElevation } from '@/lib/units';
import { formatDate } from '@/lib/format-date';

interface Props {
  open: boolean;
  onOpenChange(o: boolean): void;
  units: Units;
  onOpen(id: string): void;
  pending: number;
}

const SORTS = [
  ['updated', 'Recently updated'],
  ['created', 'Recently created'],
  ['name', 'Name'],
  ['distance', 'Distance'],
] as const;

/** The signed-in user's saved routes: search, sort, open, duplicate, rename, delete. */
export function LibraryDialog({ open, onOpenChange, units, onOpen, pending }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>My routes</DialogTitle>
          <DialogDescription>
            {pending ? `${pending} save${pending > 1 ? 's' : ''} waiting to sync.` : 'Your saved routes.'}
          </DialogDescription>
        </DialogHeader>
        {open ? <Library units={units} onOpen={onOpen} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function Library({ units, onOpen }: { units: Units; onOpen(id: string): void }) {
  const [params, setParams] = useState<RouteListParams>({ sort: 'updated', page: 1 });
  const [q, setQ] = useState('');
  const list = useRoutes({ ...params, q: q.trim() || undefined }, { placeholderData: keepPreviousData });
  const dup = useDuplicateRoute({ mutationConfig: { onSuccess: (r) => void toast.success(`Duplicated as “${r.name}”`) } });
  const del = useDeleteRoute({ mutationConfig: { onSuccess: () => void toast.success('Route deleted') } });
  const rename = useUpdateRoute({ mutationConfig: { networkMode: 'online' } });
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  if (list.error instanceof ApiError && list.error.status === 401) {
    return (
      <p className="text-sm">
        <a className="underline" href={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`}>
          Sign in
        </a>{' '}
        to see your saved routes.
      </p>
    );
  }
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap gap-2">
        <Input
          type="search"
          aria-label="Search my routes"
          placeholder="Search my routes"
          value={q}
          onChange={(e) => (setQ(e.target.value), setParams((p) => ({ ...p, page: 1 })))}
          className="h-8 flex-1"
        />
        <select
          aria-label="Sort by"
          className="h-8 rounded-md border bg-transparent px-2 text-sm dark:bg-input/30"
          value={params.sort}
          onChange={(e) => setParams({ ...params, sort: e.target.value as RouteListParams['sort'], page: 1 })}
        >
          {SORTS.map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </select>
      </div>
      {list.isPending ? <p className="text-sm text-muted-foreground">Loading…</p> : null}
      {list.error && !(list.error instanceof ApiError && list.error.status === 401) ? (
        <p className="text-sm text-destructive">Could not load your routes: {errorMessage(list.error)}</p>
      ) : null}
      {data && data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{q ? 'No routes match.' : 'No saved routes yet.'}</p>
      ) : null}
      <ul className="grid max-h-[50svh] gap-1 overflow-auto" aria-label="Saved routes">
        {data?.items.map((r) => (
          <RouteRow
            key={r.id}
            r={r}
            units={units}
            onOpen={() => onOpen(r.id)}
            onDuplicate={() => dup.mutate(r.id)}
            onDelete={() => del.mutate(r.id)}
            onRename={(name) => rename.mutate({ id: r.id, body: { name } })}
          />
        ))}
      </ul>
      {data && pages > 1 ? (
        <div className="flex items-center justify-between text-sm">
          <Button
            variant="outline"
            size="sm"
            disabled={(params.page ?? 1) <= 1}
            onClick={() => setParams({ ...params, page: (params.page ?? 1) - 1 })}
          >
            Previous
          </Button>
          <span>
            Page {data.page} of {pages}
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={(params.page ?? 1) >= pages}
            onClick={() => setParams({ ...params, page: (params.page ?? 1) + 1 })}
          >
            Next
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function RouteRow({
  r,
  units,
  onOpen,
  onDuplicate,
  onDelete,
  onRename,
}: {
  r: RouteSummary;
  units: Units;
  onOpen(): void;
  onDuplicate(): void;
  onDelete(): void;
  onRename(n: string): void;
}) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(r.name);
  const [confirm, setConfirm] = useState(false);
  return (
    <li className="flex items-center gap-2 rounded-md border px-2 py-1.5" data-testid="library-item">
      <div className="min-w-0 flex-1">
        {editing ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (name.trim()) onRename(name.trim());
              setEditing(false);
            }}
          >
            <Input
              aria-label="Route name"
              value={name}
              maxLength={120}
              onChange={(e) => setName(e.target.value)}
              className="h-7"
              autoFocus
              onBlur={() => setEditing(false)}
            />
          </form>
        ) : (
          <button type="button" className="block w-full truncate text-start text-sm font-medium hover:underline" onClick={onOpen}>
            {r.name}
          </button>
        )}
        <p className="text-xs text-muted-foreground">
          <bdi dir="ltr">
            {formatDistance(r.stats.distanceM, units)} · ↑ {formatElevation(r.stats.ascentM, units)}
          </bdi>{' '}
          · {r.visibility} · <bdi>{formatDate(r.updatedAt)}</bdi>
        </p>
      </div>
      <Button variant="ghost" size="icon-sm" aria-label={`Open ${r.name}`} onClick={onOpen}>
        <FolderOpen />
      </Button>
      <Button variant="ghost" size="icon-sm" aria-label={`Rename ${r.name}`} onClick={() => setEditing(true)}>
        <Pencil />
      </Button>
      <Button variant="ghost" size="icon-sm" aria-label={`Duplicate ${r.name}`} onClick={onDuplicate}>
        <Copy />
      </Button>
      {confirm ? (
        <Button variant="destructive" size="sm" onClick={onDelete} onBlur={() => setConfirm(false)} autoFocus>
          Delete?
        </Button>
      ) : (
        <Button variant="ghost" size="icon-sm" aria-label={`Delete ${r.name}`} onClick={() => setConfirm(true)}>
          <Trash2 />
        </Button>
      )}
    </li>
  );
}
