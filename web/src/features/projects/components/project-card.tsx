import type { ProjectSummary } from '@waymark/contracts';
import { FileText, ListChecks } from 'lucide-react';
import { NavLink } from '@/components/layout/nav-link';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { relativeTime, ROLE_LABELS } from '../lib/status';
import { LocationPreview } from './location-preview';
import { MemberAvatars } from './member-avatars';
import { StatusBadge } from './status-badge';

export function ProjectCard({ project: p }: { project: ProjectSummary }) {
  const pct = p.tasks.total ? Math.round((p.tasks.done / p.tasks.total) * 100) : 0;
  return (
    <Card
      className="group relative gap-3 overflow-hidden pt-0 transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md"
      data-testid="project-card"
    >
      <LocationPreview project={p} className="h-28" />
      <CardHeader className="gap-1">
        <div className="flex items-start justify-between gap-2">
          <CardTitle className="min-w-0 text-base leading-snug">
            <h3>
              <NavLink to={`/dashboard/projects/view?id=${p.id}`} className="outline-none after:absolute after:inset-0 after:content-['']">
                <bdi>{p.name}</bdi>
              </NavLink>
            </h3>
          </CardTitle>
          <StatusBadge status={p.status} />
        </div>
        <CardDescription className="line-clamp-2 min-h-[2.5rem]">{p.description || 'No description.'}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        <div className="flex items-center justify-between text-xs">
          <span className="text-muted-foreground inline-flex items-center gap-1">
            <ListChecks aria-hidden className="size-3.5" /> Tasks
          </span>
          <span className="tabular-nums" data-testid="task-progress">
            <bdi dir="ltr">
              {p.tasks.done}/{p.tasks.total}
            </bdi>
          </span>
        </div>
        <Progress value={pct} aria-label={`Tasks done: ${p.tasks.done} of ${p.tasks.total}`} className="h-1.5" />
      </CardContent>
      <CardFooter className="text-muted-foreground flex items-center justify-between gap-2 text-xs">
        <MemberAvatars members={p.members} total={p.memberCount} />
        <span className="flex items-center gap-3">
          <span className="inline-flex items-center gap-1" title="Documents">
            <FileText aria-hidden className="size-3.5" />
            <span className="sr-only">Documents:</span> {p.documentCount}
          </span>
          <span>{ROLE_LABELS[p.role]}</span>
          <bdi>{relativeTime(p.updatedAt)}</bdi>
        </span>
      </CardFooter>
    </Card>
  );
}
