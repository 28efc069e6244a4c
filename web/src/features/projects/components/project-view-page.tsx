import { PROJECT_STATUSES, type ProjectStatus, type ProjectSummary } from '@waymark/contracts';
import { ArrowLeft, Calendar, Check, MapPin, Pencil, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { NavLink } from '@/components/layout/nav-link';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { useAnswerInvitation } from '../api/answer-invitation';
import { useDeleteProject } from '../api/delete-project';
import { useMyInvitations } from '../api/get-my-invitations';
import { useProject } from '../api/get-project';
import { useUpdateProject } from '../api/update-project';
import { formatDate, PROJECT_STATUS_LABELS, relativeTime, ROLE_LABELS } from '../lib/status';
import { ActivityPanel } from './activity-panel';
import { DocumentsPanel } from './documents-panel';
import { MembersPanel } from './members-panel';
import { DetailsFields, validateDetails, type DetailsValue } from './project-fields';
import { ProjectMap } from './project-map';
import { StatusBadge } from './status-badge';

function EditDetailsDialog({
  project,
  open,
  onOpenChange,
}: {
  project: ProjectSummary;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const update = useUpdateProject(project.id);
  const [value, setValue] = useState<DetailsValue>({
    name: project.name,
    description: project.description,
    color: project.cover.color,
    emoji: project.cover.emoji,
  });
  const [submitted, setSubmitted] = useState(false);
  const errors = validateDetails(value);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            setSubmitted(true);
            if (Object.keys(errors).length) return;
            update.mutate(
              { name: value.name.trim(), description: value.description.trim(), cover: { color: value.color, emoji: value.emoji } },
              {
                onSuccess: () => onOpenChange(false),
                onError: (err) => toast.error(err instanceof ApiError ? err.message : 'Could not save'),
              },
            );
          }}
        >
          <DialogHeader>
            <DialogTitle>Edit details</DialogTitle>
          </DialogHeader>
          <DetailsFields value={value} onChange={setValue} errors={submitted ? errors : {}} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Shown instead of the project when the user is not a member but has an invitation to it. */
function InvitationInstead({ projectId, onAccepted }: { projectId: string; onAccepted: () => void }) {
  const mine = useMyInvitations();
  const answer = useAnswerInvitation();
  const inv = mine.data?.invitations.find((i) => i.projectId === projectId);
  if (mine.isLoading) return <Skeleton className="h-40" />;
  if (!inv) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>
            <h1>Project not found</h1>
          </CardTitle>
          <CardDescription>It does not exist, or you are not a member of it. Ask an owner of the project to invite you.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild variant="outline">
            <NavLink to="/dashboard/projects">Back to projects</NavLink>
          </Button>
        </CardContent>
      </Card>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h1>
            You are invited to <bdi>{inv.projectName}</bdi>
          </h1>
        </CardTitle>
        <CardDescription>
          {inv.invitedBy?.name ?? 'Someone'} invited you as {ROLE_LABELS[inv.role].toLowerCase()}.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex gap-2">
        <Button disabled={answer.isPending} onClick={() => answer.mutate({ id: inv.id, answer: 'accept' }, { onSuccess: onAccepted })}>
          <Check aria-hidden /> Accept
        </Button>
        <Button variant="outline" disabled={answer.isPending} onClick={() => answer.mutate({ id: inv.id, answer: 'decline' })}>
          <X aria-hidden /> Decline
        </Button>
      </CardContent>
    </Card>
  );
}

/** /dashboard/projects/view?id=…: overview (details, status, members, documents, activity) and the map area. */
/**
 * `mapArea` fills the map area and `tasks` renders the project's tasks section (the route composes
 * them from the map-editor and tasks features; features do not import each other).
 */
export function ProjectViewPage({
  id,
  onGone,
  mapArea,
  tasks,
}: {
  id: string;
  onGone: () => void;
  /** what fills the map area; default: the project's map */
  mapArea?: React.ReactNode;
  tasks?: (project: { id: string; canEdit: boolean }) => React.ReactNode;
}) {
  const { data: p, isLoading, error, refetch } = useProject(id);
  const update = useUpdateProject(id);
  const del = useDeleteProject();
  const [editing, setEditing] = useState(false);

  if (isLoading) {
    return (
      <div className="grid gap-4 p-4 md:p-6">
        <Skeleton className="h-10 w-1/2" />
        <Skeleton className="h-72" />
      </div>
    );
  }
  if (!p) {
    const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
    return (
      <div className="mx-auto grid w-full max-w-xl gap-4 p-4 md:p-6">
        {notFound ? (
          <InvitationInstead projectId={id} onAccepted={() => void refetch()} />
        ) : (
          <p role="alert">Could not load the project.</p>
        )}
      </div>
    );
  }
  const canEdit = p.role === 'owner' || p.role === 'editor';
  const pct = p.tasks.total ? Math.round((p.tasks.done / p.tasks.total) * 100) : 0;

  return (
    <div className="grid gap-4 p-4 md:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <NavLink to="/dashboard/projects" className="text-muted-foreground inline-flex items-center gap-1 text-sm hover:underline">
            <ArrowLeft aria-hidden className="size-4 rtl:rotate-180" /> Projects
          </NavLink>
          <h1 className="flex flex-wrap items-center gap-2 text-2xl font-semibold tracking-tight">
            {p.cover.emoji && <span aria-hidden>{p.cover.emoji}</span>}
            <bdi>{p.name}</bdi>
            <StatusBadge status={p.status} />
          </h1>
          <p className="text-muted-foreground text-sm">Project Map Editor · you are {ROLE_LABELS[p.role].toLowerCase()}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {canEdit && (
            <>
              <Label htmlFor="status-select" className="sr-only">
                Status
              </Label>
              <Select
                value={p.status}
                onValueChange={(s) =>
                  update.mutate(
                    { status: s as ProjectStatus },
                    { onSuccess: (r) => toast.success(`Status: ${PROJECT_STATUS_LABELS[r.status]}`) },
                  )
                }
              >
                <SelectTrigger id="status-select" className="h-9 w-36" aria-label="Change status">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {PROJECT_STATUSES.map((s) => (
                    <SelectItem key={s} value={s}>
                      {PROJECT_STATUS_LABELS[s]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <Button variant="outline" size="sm" className="h-9" onClick={() => setEditing(true)}>
                <Pencil aria-hidden /> Edit
              </Button>
            </>
          )}
          {p.role === 'owner' && (
            <AlertDialog>
              <AlertDialogTrigger asChild>
                <Button variant="outline" size="sm" className="h-9">
                  <Trash2 aria-hidden /> Delete
                </Button>
              </AlertDialogTrigger>
              <AlertDialogContent>
                <AlertDialogHeader>
                  <AlertDialogTitle>Delete “{p.name}”?</AlertDialogTitle>
                  <AlertDialogDescription>
                    The project, its documents, members and activity are removed for everyone. This cannot be undone.
                  </AlertDialogDescription>
                </AlertDialogHeader>
                <AlertDialogFooter>
                  <AlertDialogCancel>Cancel</AlertDialogCancel>
                  <AlertDialogAction onClick={() => del.mutate(p.id, { onSuccess: () => (toast(`Deleted “${p.name}”`), onGone()) })}>
                    Delete project
                  </AlertDialogAction>
                </AlertDialogFooter>
              </AlertDialogContent>
            </AlertDialog>
          )}
        </div>
      </div>
      <div className="grid gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section
          aria-label="Project map"
          className={`bg-muted relative overflow-hidden rounded-xl border ${mapArea ? 'h-[36rem] md:h-[40rem]' : 'h-[22rem] md:h-[28rem]'}`}
          data-testid="project-map"
        >
          {mapArea ?? <ProjectMap project={p} />}
        </section>
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Overview</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3 text-sm">
            <p className="whitespace-pre-wrap">{p.description || <span className="text-muted-foreground">No description.</span>}</p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-2">
              <dt className="text-muted-foreground inline-flex items-center gap-1">
                <MapPin aria-hidden className="size-4" /> Place
              </dt>
              <dd>
                <bdi>
                  {p.location
                    ? p.location.placeName || `${p.location.center.lat.toFixed(4)}, ${p.location.center.lon.toFixed(4)}`
                    : 'Not set'}
                </bdi>
              </dd>
              <dt className="text-muted-foreground inline-flex items-center gap-1">
                <Calendar aria-hidden className="size-4" /> Created
              </dt>
              <dd>
                <bdi>{formatDate(p.createdAt)}</bdi>
                {p.createdBy && (
                  <>
                    {' '}
                    by <bdi>{p.createdBy.name}</bdi>
                  </>
                )}
              </dd>
              <dt className="text-muted-foreground">Updated</dt>
              <dd>
                <bdi>{relativeTime(p.updatedAt)}</bdi>
                {p.updatedBy && (
                  <>
                    {' '}
                    by <bdi>{p.updatedBy.name}</bdi>
                  </>
                )}
              </dd>
              <dt className="text-muted-foreground">Tasks</dt>
              <dd className="grid gap-1">
                <span className="tabular-nums">
                  <bdi dir="ltr">
                    {p.tasks.done}/{p.tasks.total}
                  </bdi>{' '}
                  done
                </span>
                <Progress value={pct} aria-label={`Tasks done: ${p.tasks.done} of ${p.tasks.total}`} className="h-1.5 max-w-48" />
              </dd>
            </dl>
          </CardContent>
        </Card>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <DocumentsPanel projectId={p.id} canEdit={canEdit} />
        <MembersPanel projectId={p.id} role={p.role} onLeft={onGone} />
      </div>
      {tasks?.({ id: p.id, canEdit })}
      <ActivityPanel projectId={p.id} />
      {editing && <EditDetailsDialog project={p} open={editing} onOpenChange={setEditing} />}
    </div>
  );
}
