import {
  Activity,
  AlarmClock,
  ArrowRight,
  FolderKanban,
  Footprints,
  ListTodo,
  Mountain,
  Plus,
  RefreshCw,
  Route as RouteIcon,
  UserCheck,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink } from '@/components/layout/nav-link';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/errors';
import type { SessionUser } from '@/lib/session';
import { useDashboardSummary, type DashboardSummary } from '../api/get-summary';
import { formatClimb, formatDistance, formatMonth, relativeTime } from '../lib/format';

function Stat({
  label,
  value,
  hint,
  icon: Icon,
  testId,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon: typeof Activity;
  testId: string;
}) {
  return (
    <Card className="gap-2" data-testid={testId}>
      <CardHeader>
        <CardDescription>{label}</CardDescription>
        <CardTitle className="text-3xl font-semibold tabular-nums">
          <bdi dir="ltr">{value}</bdi>
        </CardTitle>
        <CardAction>
          <Icon aria-hidden className="size-5 text-muted-foreground" />
        </CardAction>
      </CardHeader>
      {hint && <CardContent className="text-sm text-muted-foreground">{hint}</CardContent>}
    </Card>
  );
}

function EmptyState({ icon: Icon, title, text, action }: { icon: typeof Activity; title: string; text: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 rounded-lg border border-dashed px-6 py-8 text-center">
      <Icon aria-hidden className="size-8 text-muted-foreground" />
      <p className="font-medium">{title}</p>
      <p className="max-w-sm text-sm text-muted-foreground">{text}</p>
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}

const STATUS_LABEL = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).replace(/[-_]+/g, ' ');

function ProjectsCard({ data }: { data: DashboardSummary }) {
  const { total, byStatus } = data.projects;
  return (
    <Card data-testid="dashboard-projects">
      <CardHeader>
        <CardTitle>Projects by status</CardTitle>
        <CardDescription>{total === 0 ? 'No projects yet' : `${total} project${total === 1 ? '' : 's'} in all`}</CardDescription>
        <CardAction>
          <Button variant="ghost" size="sm" asChild>
            <NavLink to="/dashboard/projects">
              All projects <ArrowRight aria-hidden className="rtl:rotate-180" />
            </NavLink>
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent>
        {total === 0 ? (
          <EmptyState
            icon={FolderKanban}
            title="No projects yet"
            text="Projects group the shapes you draw in the map editor. Start one to see its status here."
            action={
              <Button asChild size="sm">
                <NavLink to="/dashboard/projects/add">
                  <Plus aria-hidden /> New project
                </NavLink>
              </Button>
            }
          />
        ) : (
          <ul className="grid gap-3" aria-label="Projects by status">
            {byStatus.map((s) => (
              <li key={s.status} className="grid gap-1.5">
                <div className="flex items-center justify-between text-sm">
                  <span>{STATUS_LABEL(s.status)}</span>
                  <span className="font-medium tabular-nums">{s.count}</span>
                </div>
                <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden>
                  <div className="h-full rounded-full bg-primary" style={{ width: `${Math.max(4, (s.count / total) * 100)}%` }} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function ActivityCard({ data }: { data: DashboardSummary }) {
  return (
    <Card data-testid="dashboard-activity">
      <CardHeader>
        <CardTitle>Recent activity</CardTitle>
        <CardDescription>Your latest routes and projects</CardDescription>
      </CardHeader>
      <CardContent>
        {data.recentActivity.length === 0 ? (
          <EmptyState
            icon={Activity}
            title="Nothing here yet"
            text="Routes you save in the planner and projects you edit show up here."
            action={
              <Button asChild size="sm" variant="outline">
                <NavLink to="/run">
                  <Footprints aria-hidden /> Plan a route
                </NavLink>
              </Button>
            }
          />
        ) : (
          <ul className="grid divide-y">
            {data.recentActivity.map((a) => (
              <li key={`${a.kind}-${a.id}`} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted">
                  {a.kind === 'route' ? <RouteIcon aria-hidden className="size-4" /> : <FolderKanban aria-hidden className="size-4" />}
                </span>
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <NavLink to={a.href} className="truncate font-medium hover:underline">
                    {a.title}
                  </NavLink>
                  <span className="text-xs text-muted-foreground">
                    {a.kind === 'route' ? 'Route' : 'Project'} {a.action} · <time dateTime={a.at}>{relativeTime(a.at)}</time>
                  </span>
                </div>
                {a.detail && (
                  <Badge variant="secondary" className="tabular-nums">
                    {a.detail}
                  </Badge>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function DashboardSkeleton() {
  return (
    <div className="grid gap-4" aria-busy="true">
      <span className="sr-only">Loading the dashboard</span>
      <div className="grid gap-4 sm:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-28 rounded-xl" />
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Skeleton className="h-64 rounded-xl" />
        <Skeleton className="h-64 rounded-xl" />
      </div>
    </div>
  );
}

/** `/dashboard`: the signed-in home with real figures from GET /api/dashboard/summary. */
export function DashboardPage({ user }: { user: SessionUser }) {
  const { data, isPending, isError, error, refetch, isFetching } = useDashboardSummary();
  const firstName = user.name?.split(/\s+/)[0];
  return (
    <div className="flex flex-1 flex-col gap-6 p-4 sm:p-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight">{firstName ? `Welcome back, ${firstName}` : 'Dashboard'}</h1>
          <p className="text-muted-foreground">
            {data
              ? `Your running and mapping in ${formatMonth(data.period.from, data.period.timeZone)}.`
              : 'Your running and mapping at a glance.'}
          </p>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" asChild>
            <NavLink to="/explorer">Map editor</NavLink>
          </Button>
          <Button asChild>
            <NavLink to="/run">
              <Footprints aria-hidden /> Plan a route
            </NavLink>
          </Button>
        </div>
      </div>

      {isPending ? (
        <DashboardSkeleton />
      ) : isError ? (
        <Card role="alert">
          <CardHeader>
            <CardTitle>The dashboard could not be loaded</CardTitle>
            <CardDescription>{errorMessage(error)}</CardDescription>
          </CardHeader>
          <CardContent>
            <Button variant="outline" onClick={() => void refetch()} disabled={isFetching}>
              <RefreshCw aria-hidden className={isFetching ? 'animate-spin' : undefined} /> Try again
            </Button>
          </CardContent>
        </Card>
      ) : (
        <>
          <section aria-label="Routes this month" className="grid gap-4 sm:grid-cols-3">
            <Stat
              testId="stat-routes"
              label="Routes this month"
              value={data.routesThisMonth.count}
              icon={RouteIcon}
              hint={data.routesTotal === 0 ? 'No saved routes yet' : `${data.routesTotal} saved in all`}
            />
            <Stat
              testId="stat-distance"
              label="Distance this month"
              value={formatDistance(data.routesThisMonth.distanceM)}
              icon={Footprints}
            />
            <Stat testId="stat-climb" label="Climb this month" value={formatClimb(data.routesThisMonth.ascentM)} icon={Mountain} />
          </section>
          {data.routesThisMonth.count === 0 && (
            <EmptyState
              icon={Footprints}
              title="No routes this month yet"
              text="Plan a run on the map and save it: its distance and climb count towards this month."
              action={
                <Button asChild>
                  <NavLink to="/run">Plan your first route this month</NavLink>
                </Button>
              }
            />
          )}
          {data.available.tasks && (
            <section aria-label="Tasks" className="grid gap-4 sm:grid-cols-3">
              <Stat
                testId="stat-tasks-open"
                label="Open tasks"
                value={data.tasks.open}
                icon={ListTodo}
                hint={
                  <NavLink to="/tasks" className="underline-offset-4 hover:underline">
                    {data.tasks.total === 0 ? 'No tasks yet' : `${data.tasks.total} in all · see the tasks`}
                  </NavLink>
                }
              />
              <Stat
                testId="stat-tasks-overdue"
                label="Overdue"
                value={data.tasks.overdue}
                icon={AlarmClock}
                hint="Open tasks past their due date"
              />
              <Stat
                testId="stat-tasks-mine"
                label="Assigned to you"
                value={data.tasks.assignedToMe}
                icon={UserCheck}
                hint="Open tasks you are the assignee of"
              />
            </section>
          )}
          <div className="grid gap-4 lg:grid-cols-2">
            <ProjectsCard data={data} />
            <ActivityCard data={data} />
          </div>
        </>
      )}
    </div>
  );
}
