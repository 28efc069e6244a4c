import type { ProjectActivityItem } from '@waymark/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useActivity } from '../api/get-activity';
import { PROJECT_STATUS_LABELS, relativeTime, ROLE_LABELS } from '../lib/status';

const s = (v: unknown) => (typeof v === 'string' ? v : '');
const role = (v: unknown) => (v === 'owner' || v === 'editor' || v === 'viewer' ? ROLE_LABELS[v].toLowerCase() : s(v));
const status = (v: unknown) =>
  typeof v === 'string' && v in PROJECT_STATUS_LABELS ? PROJECT_STATUS_LABELS[v as keyof typeof PROJECT_STATUS_LABELS] : s(v);

/** One line per action: "Olivia changed the status from Draft to Active". */
export function describeActivity(a: ProjectActivityItem): string {
  const who = a.actor?.name ?? 'Someone';
  const d = a.data;
  switch (a.action) {
    case 'project.created':
      return `${who} created the project`;
    case 'project.updated':
      return `${who} edited the ${Array.isArray(d.fields) ? (d.fields as string[]).join(', ') : 'details'}`;
    case 'project.status_changed':
      return `${who} changed the status from ${status(d.from)} to ${status(d.to)}`;
    case 'member.invited':
      return `${who} invited ${s(d.email)} as ${role(d.role)}`;
    case 'member.joined':
      return `${who} joined as ${role(d.role)}`;
    case 'member.declined':
      return `${who} declined the invitation`;
    case 'member.role_changed':
      return `${who} made ${s(d.name)} ${role(d.to)} (was ${role(d.from)})`;
    case 'member.removed':
      return `${who} removed ${s(d.name)}`;
    case 'member.left':
      return `${who} left the project`;
    case 'invitation.revoked':
      return `${who} withdrew the invitation to ${s(d.email)}`;
    case 'document.uploaded':
      return `${who} uploaded ${s(d.name)}`;
    case 'document.renamed':
      return `${who} renamed ${s(d.from)} to ${s(d.to)}`;
    case 'document.deleted':
      return `${who} deleted ${s(d.name)}`;
    case 'task.created':
      return `${who} added the task ${s(d.title)}`;
    case 'task.done':
      return `${who} completed the task ${s(d.title)}`;
    case 'task.reopened':
      return `${who} reopened the task ${s(d.title)}`;
    case 'task.canceled':
      return `${who} canceled the task ${s(d.title)}`;
    case 'task.deleted':
      return `${who} deleted the task ${s(d.title)}`;
    default:
      return `${who}: ${a.action}`;
  }
}

export function ActivityPanel({ projectId }: { projectId: string }) {
  const q = useActivity(projectId);
  const items = q.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Card data-testid="activity">
      <CardHeader>
        <CardTitle>
          <h2>Activity</h2>
        </CardTitle>
        <CardDescription>Who did what, newest first.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        {q.isLoading && <p className="text-muted-foreground text-sm">Loading…</p>}
        {!q.isLoading && items.length === 0 && <p className="text-muted-foreground text-sm">Nothing yet.</p>}
        <ol className="grid gap-2">
          {items.map((a) => (
            <li key={a.id} className="flex items-baseline justify-between gap-3 border-b pb-2 text-sm last:border-0">
              <span>
                <bdi>{describeActivity(a)}</bdi>
              </span>
              <time dateTime={a.at} className="text-muted-foreground shrink-0 text-xs" title={new Date(a.at).toLocaleString()}>
                <bdi>{relativeTime(a.at)}</bdi>
              </time>
            </li>
          ))}
        </ol>
        {q.hasNextPage && (
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start"
            disabled={q.isFetchingNextPage}
            onClick={() => void q.fetchNextPage()}
          >
            Show older
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
