import type { ProjectDetail } from '@waymark/contracts';
import { ExternalLink, LayoutDashboard } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { fetchRegions } from '@/components/map';
import { NavLink } from '@/components/layout/nav-link';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useEditorProject } from '../api/project';
import { MapConnection } from '../lib/connection';
import { AddRouteButton, useProjectRouteAdder } from './add-route';
import { HistoryPanel } from './history-panel';
import { MapEditor } from './map-editor';
import { ConnectionStatus, PresenceAvatars, RemoteCursors } from './presence';

/** The region pack whose area holds the project's centre (else the first one). */
function useRegionFor(project: ProjectDetail | undefined): string | null {
  const [region, setRegion] = useState<string | null>(null);
  const loc = project?.location;
  useEffect(() => {
    if (!project) return;
    fetchRegions()
      .then((rs) => {
        const hit = loc
          ? rs.find(
              (r) =>
                loc.center.lon >= r.bbox[0] && loc.center.lon <= r.bbox[2] && loc.center.lat >= r.bbox[1] && loc.center.lat <= r.bbox[3],
            )
          : null;
        setRegion(hit?.name ?? rs[0]?.name ?? 'andorra');
      })
      .catch(() => setRegion('andorra'));
  }, [project, loc]);
  return region;
}

function useConnection(projectId: string, user: { id: string; name: string } | null) {
  const [conn, setConn] = useState<MapConnection | null>(null);
  const userId = user?.id;
  const userName = user?.name;
  useEffect(() => {
    if (!userId) return;
    const c = new MapConnection(projectId, { id: userId, name: userName || 'Someone' });
    // the connection is an outside system (websocket, IndexedDB) made and torn down with the effect
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setConn(c);
    return () => {
      setConn(null);
      c.destroy();
    };
  }, [projectId, userId, userName]);
  return conn;
}

const noop = () => () => undefined;

/**
 * A project's map, edited together: the shared document over the collaboration websocket (with
 * an IndexedDB copy for offline edits), presence (avatars, cursors, selections), the connection
 * state, the version history, and a read-only editor for viewers.
 */
export function ProjectEditor({ projectId, variant }: { projectId: string; variant: 'full' | 'embedded' }) {
  const session = useSession();
  const project = useEditorProject(projectId);
  const user = session.data?.user ?? null;
  const conn = useConnection(projectId, user ? { id: user.id, name: user.name || user.email || 'Someone' } : null);
  const state = useSyncExternalStore(conn?.subscribe ?? noop, () => conn?.getState() ?? null);
  const peers = useSyncExternalStore(conn?.subscribePeers ?? noop, () => conn?.getPeers() ?? EMPTY);
  const region = useRegionFor(project.data);
  const addRoute = useProjectRouteAdder(projectId);
  const names = useMemo(() => new Map(peers.map((p) => [p.userId, p.name])), [peers]);
  const nameOf = useCallback((id: string) => names.get(id) ?? null, [names]);
  const onPresence = useCallback((p: { cursor: [number, number] | null; selected: string | null }) => conn?.setPresence(p), [conn]);
  const remoteSelections = useMemo(() => peers.filter((p) => p.selected).map((p) => ({ featureId: p.selected!, color: p.color })), [peers]);

  if (session.isLoading || project.isLoading) return <Skeleton className={variant === 'full' ? 'h-dvh w-full' : 'h-full w-full'} />;
  if (!user) {
    return (
      <div className="grid h-full place-items-center p-6 text-center">
        <div className="grid gap-3">
          <p>Sign in to open this project’s map.</p>
          <Button asChild>
            <NavLink to={`/login?redirect=${encodeURIComponent(`/explorer?project=${projectId}`)}`}>Sign in</NavLink>
          </Button>
        </div>
      </div>
    );
  }
  if (!project.data) {
    const gone = project.error instanceof ApiError && (project.error.status === 404 || project.error.status === 400);
    return (
      <div className="grid h-full place-items-center p-6 text-center">
        <div className="grid gap-3">
          <h1 className="text-lg font-semibold">{gone ? 'Project not found' : 'Could not load the project'}</h1>
          <p className="text-muted-foreground text-sm">
            {gone ? 'It does not exist, or you are not a member of it.' : 'Try again in a moment.'}
          </p>
          <Button asChild variant="outline">
            <NavLink to="/dashboard/projects">Back to projects</NavLink>
          </Button>
        </div>
      </div>
    );
  }
  if (!conn || !state || !region) return <Skeleton className={variant === 'full' ? 'h-dvh w-full' : 'h-full w-full'} />;

  const p = project.data;
  const readOnly = p.role === 'viewer' || state.readOnly || !!state.closed;
  const loc = p.location;
  return (
    <MapEditor
      key={conn.doc.guid}
      doc={conn.doc}
      userId={user.id}
      readOnly={readOnly}
      title={variant === 'full' ? 'Project Map Editor' : 'Map'}
      subtitle={variant === 'full' ? p.name : undefined}
      exportName={p.name}
      variant={variant}
      region={region}
      initialView={loc ? { center: [loc.center.lon, loc.center.lat], zoom: loc.zoom } : undefined}
      handle={variant === 'full' ? 'map-editor' : 'project-map-editor'}
      status={
        <>
          <PresenceAvatars peers={peers} />
          <ConnectionStatus state={state} />
          {state.closed && (
            <span role="alert" className="text-destructive text-xs">
              {state.closed}
            </span>
          )}
        </>
      }
      actions={
        <>
          <AddRouteButton onAdd={addRoute} disabled={readOnly} />
          {variant === 'embedded' ? (
            <Button asChild variant="outline" size="sm">
              <NavLink to={`/explorer?project=${encodeURIComponent(projectId)}`}>
                <ExternalLink aria-hidden /> <span className="max-sm:sr-only">Full screen</span>
              </NavLink>
            </Button>
          ) : (
            <Button asChild variant="outline" size="sm">
              <NavLink to={`/dashboard/projects/view?id=${encodeURIComponent(projectId)}`}>
                <LayoutDashboard aria-hidden /> <span className="max-sm:sr-only">Project</span>
              </NavLink>
            </Button>
          )}
        </>
      }
      remoteSelections={remoteSelections}
      overlays={<RemoteCursors peers={peers} />}
      onPresence={onPresence}
      nameOf={nameOf}
      extraTabs={[
        {
          id: 'history',
          label: 'History',
          render: ({ active, selected }) => <HistoryPanel projectId={projectId} readOnly={readOnly} selected={selected} active={active} />,
        },
      ]}
    />
  );
}

const EMPTY: never[] = [];
