import { HocuspocusProvider } from '@hocuspocus/provider';
import { IndexeddbPersistence } from 'y-indexeddb';
import * as Y from 'yjs';
import { MODEL_VERSION } from '@waymark/collab';

export const COLLAB_PATH = '/api/collab';

/** What the editor shows about its connection. */
export interface ConnectionState {
  /** the websocket is open and authenticated */
  online: boolean;
  /** the server has acknowledged (made durable) every change of this tab */
  synced: boolean;
  /** this tab's changes the server has not acknowledged yet */
  waiting: number;
  /** the server gives this connection read-only access (viewers) */
  readOnly: boolean;
  /** why the server closed the connection for good (access revoked, project deleted, signed out) */
  closed: string | null;
  /** the local copy (IndexedDB) has loaded */
  loaded: boolean;
}

export interface Peer {
  clientId: number;
  userId: string;
  name: string;
  color: string;
  cursor: [number, number] | null;
  selected: string | null;
}

/** Collaborator colours: white initials on each reach 4.9–6.3:1 (WCAG AA for small text, 4.5:1). */
const PALETTE = ['#be123c', '#7c3aed', '#0e7490', '#15803d', '#c2410c', '#be185d', '#2563eb', '#a16207', '#0f766e', '#9333ea'];

/** A stable colour per user. */
export function colorFor(userId: string): string {
  let h = 0;
  for (let i = 0; i < userId.length; i++) h = (h * 31 + userId.charCodeAt(i)) >>> 0;
  return PALETTE[h % PALETTE.length]!;
}

const CLOSE_REASONS: Record<number, string> = {
  4401: 'You were signed out. Sign in again to keep editing.',
  4403: 'You no longer have access to this project.',
  4404: 'This project was deleted.',
  // the server's document model is newer than this page's code (an old cached page)
  4426: 'The map editor was updated. Reload the page to keep editing — your changes are kept in this browser.',
};

/** What the editor says when the server closed the connection for good with `code` (null: it reconnects). */
export function closeReason(code: number): string | null {
  return CLOSE_REASONS[code] ?? null;
}

/**
 * The websocket address of the collaboration server on this page's origin, announcing this code's
 * document model (the server closes older ones with 4426).
 */
export function collabUrl(loc: { protocol: string; host: string } = window.location): string {
  return `${loc.protocol === 'https:' ? 'wss:' : 'ws:'}//${loc.host}${COLLAB_PATH}?model=${MODEL_VERSION}`;
}

/**
 * One project map's document kept in sync: IndexedDB first (edits made offline survive a reload),
 * then the collaboration server through Hocuspocus. Counts this tab's changes the server has not
 * acknowledged, so the editor can say "offline — n changes waiting" and then "synced".
 */
export class MapConnection {
  readonly doc = new Y.Doc();
  readonly idb: IndexeddbPersistence;
  readonly provider: HocuspocusProvider;
  private listeners = new Set<() => void>();
  private peerListeners = new Set<() => void>();
  private state: ConnectionState = { online: false, synced: false, waiting: 0, readOnly: false, closed: null, loaded: false };
  private peers: Peer[] = [];
  /** local changes since the server last acknowledged everything */
  private pending = 0;
  private destroyed = false;

  constructor(
    readonly projectId: string,
    readonly user: { id: string; name: string },
  ) {
    this.idb = new IndexeddbPersistence(`waymark-map-${projectId}-${user.id}`, this.doc);
    void this.idb.whenSynced.then(() => this.set({ loaded: true }));
    this.doc.on('update', (_u: Uint8Array, origin: unknown) => {
      if (origin === this.provider || origin === this.idb) return;
      this.pending++;
      this.refresh();
    });
    this.provider = new HocuspocusProvider({
      url: collabUrl(),
      name: projectId,
      document: this.doc,
      // the server authenticates the websocket by the session cookie; the protocol still sends a token
      token: 'session-cookie',
      onAuthenticated: ({ scope }) => this.set({ readOnly: scope === 'readonly' }),
      onAuthenticationFailed: () => this.set({ closed: 'You have no access to this project’s map.' }),
      onStatus: () => this.refresh(),
      onSynced: () => this.refresh(),
      onUnsyncedChanges: () => this.refresh(),
      onStateless: ({ payload }) => {
        try {
          const msg = JSON.parse(payload) as { type?: string; readOnly?: boolean };
          if (msg.type === 'waymark:access' && typeof msg.readOnly === 'boolean') this.set({ readOnly: msg.readOnly });
        } catch {
          /* not ours */
        }
      },
      onClose: ({ event }) => {
        const why = closeReason(event.code);
        if (why) {
          this.set({ closed: why });
          this.provider.configuration.websocketProvider.disconnect();
        }
        this.refresh();
      },
      onAwarenessChange: () => this.readPeers(),
    });
    this.provider.setAwarenessField('user', { id: user.id, name: user.name, color: colorFor(user.id) });
    window.addEventListener('offline', this.goOffline);
    window.addEventListener('online', this.goOnline);
  }

  private goOffline = () => {
    this.provider.configuration.websocketProvider.disconnect();
    this.refresh();
  };

  private goOnline = () => {
    if (this.state.closed) return;
    void this.provider.configuration.websocketProvider.connect();
  };

  private set(patch: Partial<ConnectionState>) {
    this.state = { ...this.state, ...patch };
    for (const fn of [...this.listeners]) fn();
  }

  private refresh() {
    if (this.destroyed) return;
    const p = this.provider;
    const online = p.configuration.websocketProvider.status === 'connected' && p.isAuthenticated;
    const synced = online && p.isSynced && p.unsyncedChanges === 0;
    if (synced) this.pending = 0;
    const waiting = synced ? 0 : Math.max(this.pending, online ? p.unsyncedChanges : 0);
    if (online !== this.state.online || synced !== this.state.synced || waiting !== this.state.waiting)
      this.set({ online, synced, waiting });
  }

  private readPeers() {
    const out: Peer[] = [];
    const me = this.doc.clientID;
    this.provider.awareness?.getStates().forEach((s, clientId) => {
      if (clientId === me) return;
      const u = s.user as { id?: unknown; name?: unknown; color?: unknown } | undefined;
      if (!u || typeof u.id !== 'string') return;
      const cur = s.cursor;
      out.push({
        clientId,
        userId: u.id,
        name: typeof u.name === 'string' ? u.name.slice(0, 80) : 'Someone',
        color: typeof u.color === 'string' && /^#[0-9a-f]{6}$/i.test(u.color) ? u.color : colorFor(u.id),
        cursor:
          Array.isArray(cur) && cur.length === 2 && cur.every((n) => typeof n === 'number' && Number.isFinite(n)) ? [cur[0], cur[1]] : null,
        selected: typeof s.selected === 'string' ? s.selected : null,
      });
    });
    this.peers = out;
    for (const fn of [...this.peerListeners]) fn();
  }

  /** Share where this user's pointer is and what they selected. */
  setPresence(p: { cursor: [number, number] | null; selected: string | null }) {
    const a = this.provider.awareness;
    if (!a) return;
    const s = a.getLocalState() ?? {};
    const cursor = p.cursor ? [Math.round(p.cursor[0] * 1e6) / 1e6, Math.round(p.cursor[1] * 1e6) / 1e6] : null;
    if (JSON.stringify(s.cursor ?? null) === JSON.stringify(cursor) && (s.selected ?? null) === p.selected) return;
    a.setLocalState({ ...s, cursor, selected: p.selected });
  }

  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  };
  getState = () => this.state;
  subscribePeers = (fn: () => void) => {
    this.peerListeners.add(fn);
    return () => void this.peerListeners.delete(fn);
  };
  getPeers = () => this.peers;

  destroy() {
    this.destroyed = true;
    window.removeEventListener('offline', this.goOffline);
    window.removeEventListener('online', this.goOnline);
    this.provider.destroy();
    void this.idb.destroy();
    this.doc.destroy();
    this.listeners.clear();
    this.peerListeners.clear();
  }
}
