import { PROJECT_STATUSES, type ProjectStatus } from '@waymark/contracts';
import { FolderKanban, List, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { NavLink } from '@/components/layout/nav-link';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useProjects } from '../api/list-projects';
import { PROJECT_STATUS_LABELS } from '../lib/status';
import { PendingInvitations } from './pending-invitations';
import { ProjectCard } from './project-card';

export interface CardsSearch {
  q?: string;
  status?: ProjectStatus[];
  page?: number;
}

const PAGE_SIZE = 12;

/** /dashboard/projects: the user's projects as cards, with search, a status filter and pages (all in the URL). */
export function ProjectsPage({
  search,
  onSearch,
  onOpen,
}: {
  search: CardsSearch;
  onSearch: (next: CardsSearch) => void;
  onOpen: (id: string) => void;
}) {
  const q = { q: search.q, status: search.status?.join(','), page: search.page ?? 1, pageSize: PAGE_SIZE, sort: 'updated' as const };
  const { data, isLoading, isError, refetch } = useProjects(q);
  const [text, setText] = useState(search.q ?? '');
  const [shown, setShown] = useState(search.q ?? '');
  if (shown !== (search.q ?? '')) {
    setShown(search.q ?? '');
    setText(search.q ?? '');
  }
  useEffect(() => {
    if ((search.q ?? '') === text) return;
    const t = setTimeout(() => onSearch({ ...search, q: text || undefined, page: undefined }), 300);
    return () => clearTimeout(t);
  }, [text, search, onSearch]);
  const active = new Set(search.status ?? []);
  const toggle = (s: ProjectStatus | 'all') => {
    if (s === 'all') return onSearch({ ...search, status: undefined, page: undefined });
    const next = new Set(active);
    if (next.has(s)) next.delete(s);
    else next.add(s);
    onSearch({ ...search, status: next.size ? PROJECT_STATUSES.filter((x) => next.has(x)) : undefined, page: undefined });
  };
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const page = search.page ?? 1;
  const counts = data?.statusCounts ?? {};
  const allCount = Object.entries(counts)
    .filter(([s]) => s !== 'archived')
    .reduce((n, [, c]) => n + c, 0);

  return (
    <div className="grid gap-4 p-4 md:p-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Projects</h1>
          <p className="text-muted-foreground text-sm">Maps, documents and people of each project you are part of.</p>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" asChild>
            <NavLink to="/dashboard/projects/list">
              <List aria-hidden /> Table view
            </NavLink>
          </Button>
          <Button asChild>
            <NavLink to="/dashboard/projects/add">
              <Plus aria-hidden /> New project
            </NavLink>
          </Button>
        </div>
      </div>
      <PendingInvitations onAccepted={onOpen} />
      <div className="flex flex-wrap items-center gap-2">
        <Input
          type="search"
          aria-label="Search projects"
          placeholder="Search projects…"
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="h-9 w-full sm:w-64"
        />
        <div role="group" aria-label="Filter by status" className="flex flex-wrap gap-1">
          <Button
            size="sm"
            variant={active.size === 0 ? 'secondary' : 'ghost'}
            aria-pressed={active.size === 0}
            onClick={() => toggle('all')}
          >
            All <span className="text-muted-foreground tabular-nums">{allCount}</span>
          </Button>
          {PROJECT_STATUSES.map((s) => (
            <Button
              key={s}
              size="sm"
              variant={active.has(s) ? 'secondary' : 'ghost'}
              aria-pressed={active.has(s)}
              onClick={() => toggle(s)}
            >
              {PROJECT_STATUS_LABELS[s]} <span className="text-muted-foreground tabular-nums">{counts[s] ?? 0}</span>
            </Button>
          ))}
        </div>
      </div>
      {isError && (
        <p role="alert" className="text-sm">
          Could not load your projects.{' '}
          <Button variant="link" className="h-auto p-0" onClick={() => void refetch()}>
            Try again
          </Button>
        </p>
      )}
      {isLoading ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-72" />
          ))}
        </div>
      ) : data && data.items.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-6 py-12 text-center">
          <FolderKanban aria-hidden className="text-muted-foreground size-8" />
          <p className="font-medium">{search.q || active.size ? 'No project matches' : 'No projects yet'}</p>
          <p className="text-muted-foreground max-w-sm text-sm">
            {search.q || active.size
              ? 'Try another search or status.'
              : 'Create a project to keep its map, documents and team together, or ask someone to invite you to theirs.'}
          </p>
          {!search.q && !active.size && (
            <Button asChild className="mt-2">
              <NavLink to="/dashboard/projects/add">
                <Plus aria-hidden /> New project
              </NavLink>
            </Button>
          )}
        </div>
      ) : (
        <ul className={cn('grid gap-4 sm:grid-cols-2 xl:grid-cols-3')} aria-label="Projects">
          {data?.items.map((p) => (
            <li key={p.id} className="grid">
              <ProjectCard project={p} />
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label="Pages" className="flex items-center justify-center gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={page <= 1}
            onClick={() => onSearch({ ...search, page: page - 1 <= 1 ? undefined : page - 1 })}
          >
            Previous
          </Button>
          <span className="text-sm tabular-nums">
            Page {page} of {pages}
          </span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onSearch({ ...search, page: page + 1 })}>
            Next
          </Button>
        </nav>
      )}
    </div>
  );
}
