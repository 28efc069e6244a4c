// Shared helpers of the collaboration tests (not a test file itself): a real listening server,
// HTTP clients with a cookie jar, and real websocket clients (@hocuspocus/provider over `ws`).
import pino from 'pino';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { HocuspocusProvider } from '@hocuspocus/provider';
import { MODEL_VERSION, ProjectMap } from '@waymark/collab';
import type { ProjectRole } from '@waymark/contracts';
import { hashPassword } from '../../src/auth/crypto.ts';
import { loadConfig } from '../../src/config.ts';
import { startServer, type RunningServer } from '../../src/server.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';

/** An HTTP client with a cookie jar and the CSRF token, like a browser tab. */
export class HttpClient {
  cookies = new Map<string, string>();
  token = '';
  constructor(
    readonly base: string,
    readonly origin = base,
  ) {}
  cookie() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  async req(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    if (!this.token && method !== 'GET') await this.csrf();
    const isRaw = typeof body === 'string' || body instanceof Uint8Array;
    const res = await fetch(this.base + path, {
      method,
      headers: {
        origin: this.origin,
        'x-csrf-token': this.token,
        cookie: this.cookie(),
        ...(body !== undefined && !isRaw ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : isRaw ? (body as string) : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (value) this.cookies.set(name, value);
      else this.cookies.delete(name);
    }
    return res;
  }
  async json<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const res = await this.req(method, path, body);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed as T };
  }
  async csrf() {
    this.token = ((await (await this.req('GET', '/api/_auth/csrf')).json()) as { token: string }).token;
  }
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  name: string;
  http: HttpClient;
}

/** Another browser session of the same user (its own cookie jar). */
export async function newSession(base: string, user: TestUser): Promise<TestUser> {
  const http = new HttpClient(base);
  const r = await http.req('POST', '/api/auth/signin', { email: user.email, password: user.password });
  if (r.status !== 200) throw new Error(`sign-in failed: ${r.status} ${await r.text()}`);
  return { ...user, http };
}

export interface CollabServer {
  server: RunningServer;
  url: string;
  wsUrl: string;
  testDb: TestDatabase;
  user(name?: string): Promise<TestUser>;
  project(owner: TestUser, members?: { user: TestUser; role: ProjectRole }[]): Promise<string>;
  close(): Promise<void>;
}

let userSeq = 0;

/** Sign a user in over HTTP (the account is inserted directly, email verified). */
export async function signInUser(base: string, db: RunningServer['ctx']['db'], name = 'Tester'): Promise<TestUser> {
  userSeq += 1;
  const email = `collab${userSeq}-${Math.random().toString(36).slice(2, 8)}@test.waymark.local`;
  const password = 'correct horse battery staple';
  const now = new Date();
  const row = await db
    .insertInto('users')
    .values({
      email,
      name: `${name} ${userSeq}`,
      role: 'user',
      password_hash: await hashPassword(password),
      email_verified_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const http = new HttpClient(base);
  const r = await http.req('POST', '/api/auth/signin', { email, password });
  if (r.status !== 200) throw new Error(`sign-in failed: ${r.status} ${await r.text()}`);
  return { id: row.id, email, password, name: `${name} ${userSeq}`, http };
}

export async function insertProject(
  db: RunningServer['ctx']['db'],
  owner: { id: string },
  members: { user: { id: string }; role: ProjectRole }[] = [],
) {
  const p = await db
    .insertInto('projects')
    .values({ name: 'Collab project', created_by: owner.id, updated_by: owner.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('project_members')
    .values([
      { project_id: p.id, user_id: owner.id, role: 'owner' as ProjectRole },
      ...members.map((m) => ({ project_id: p.id, user_id: m.user.id, role: m.role })),
    ])
    .execute();
  return p.id;
}

/** A real server (all modules) listening on 127.0.0.1, a random port, on a fresh database. */
export async function startCollabServer(env: Record<string, string> = {}): Promise<CollabServer> {
  const testDb = await createTestDatabase({ template: true });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    AUTH_RATE_IP_MAX: '1000000',
    ...testDb.env,
    ...env,
  });
  const server = await startServer(config, { logger: pino({ level: process.env.COLLAB_TEST_LOG ?? 'silent' }) });
  const url = server.url;
  return {
    server,
    url,
    wsUrl: `${url.replace(/^http/, 'ws')}/api/collab?model=${MODEL_VERSION}`,
    testDb,
    user: (name) => signInUser(url, server.ctx.db, name),
    project: (owner, members = []) => insertProject(server.ctx.db, owner, members),
    async close() {
      await server.close();
      await testDb.drop();
    },
  };
}

/** A `ws` WebSocket class that sends the given headers (cookie, Origin) like a browser would. */
export function socketClass(headers: Record<string, string>) {
  return class extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { headers });
    }
    // The provider closes a socket still connecting when destroyed; ws reports that as an error the
    // provider's retry loop rethrows. A test tearing down mid-reconnect has nothing to learn from it.
    override close(code?: number, reason?: string | Buffer) {
      if (this.readyState === WebSocket.CONNECTING) {
        this.removeAllListeners('error');
        this.on('error', () => undefined);
        this.terminate();
        return;
      }
      super.close(code, reason);
    }
  };
}

export interface Editor {
  provider: HocuspocusProvider;
  doc: Y.Doc;
  map: ProjectMap;
  /** every stateless message the server sent */
  stateless: string[];
  closes: { code?: number; reason?: string }[];
  authFailures: string[];
  authenticated: Promise<{ readOnly: boolean }>;
  /** every successful authentication so far (reconnects authenticate again) */
  auths: { readOnly: boolean }[];
  /** resolves with the next authentication after the call */
  reauthenticated(timeoutMs?: number): Promise<{ readOnly: boolean }>;
  synced: Promise<void>;
  /** resolves when the server acknowledged every change sent so far */
  saved(timeoutMs?: number): Promise<void>;
  destroy(): void;
}

/** A real collaboration client (HocuspocusProvider) for `user` on project `projectId`. */
export function connectEditor(
  wsUrl: string,
  user: { id: string; http: HttpClient } | null,
  projectId: string,
  opts: { origin?: string; headers?: Record<string, string> } = {},
): Editor {
  const doc = new Y.Doc();
  const headers: Record<string, string> = {
    origin: opts.origin ?? user?.http.origin ?? '',
    ...(user ? { cookie: user.http.cookie() } : {}),
    ...opts.headers,
  };
  const stateless: string[] = [];
  const closes: { code?: number; reason?: string }[] = [];
  const authFailures: string[] = [];
  const auths: { readOnly: boolean }[] = [];
  let onAuth!: (v: { readOnly: boolean }) => void;
  let onAuthFail!: (e: Error) => void;
  const authenticated = new Promise<{ readOnly: boolean }>((res, rej) => {
    onAuth = res;
    onAuthFail = rej;
  });
  authenticated.catch(() => undefined);
  let onSynced!: () => void;
  const synced = new Promise<void>((res) => (onSynced = res));
  const provider = new HocuspocusProvider({
    url: wsUrl,
    name: projectId,
    document: doc,
    token: 'session-cookie',
    WebSocketPolyfill: socketClass(headers),
    maxAttempts: 0,
    delay: 100,
    minDelay: 100,
    maxDelay: 500,
    quiet: true,
    onAuthenticated: (data: { scope: string }) => {
      auths.push({ readOnly: data.scope === 'readonly' });
      onAuth({ readOnly: data.scope === 'readonly' });
    },
    onAuthenticationFailed: ({ reason }: { reason: string }) => {
      authFailures.push(reason);
      onAuthFail(new Error(`authentication failed: ${reason}`));
    },
    onSynced: () => onSynced(),
    onStateless: ({ payload }: { payload: string }) => stateless.push(payload),
    onClose: ({ event }: { event: { code?: number; reason?: string } }) => closes.push({ code: event.code, reason: event.reason }),
  } as ConstructorParameters<typeof HocuspocusProvider>[0]);
  const map = new ProjectMap(doc, { userId: user?.id ?? 'anonymous' });
  return {
    provider,
    doc,
    map,
    stateless,
    closes,
    authFailures,
    authenticated,
    auths,
    async reauthenticated(timeoutMs = 10_000) {
      const n = auths.length;
      await waitFor(
        () => auths.length > n,
        timeoutMs,
        () => 'a new authentication',
      );
      return auths[auths.length - 1]!;
    },
    synced,
    saved: (timeoutMs = 15_000) =>
      waitFor(
        () => provider.unsyncedChanges === 0,
        timeoutMs,
        () => `unsynced changes: ${provider.unsyncedChanges}`,
      ),
    destroy: () => provider.destroy(),
  };
}

/** Poll `cond` until true (20 ms steps), failing with `describe()` after `timeoutMs`. */
export async function waitFor(
  cond: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
  describe: () => string = () => 'condition',
): Promise<void> {
  const t0 = Date.now();
  for (;;) {
    if (await cond()) return;
    if (Date.now() - t0 > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${describe()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Open a raw websocket (no provider) and wait for the server to close it: its close code and reason. */
export function rawClose(
  wsUrl: string,
  headers: Record<string, string>,
  timeoutMs = 5000,
): Promise<{ code: number; reason: string } | null> {
  return new Promise((resolve) => {
    const ws = new WebSocket(wsUrl, { headers });
    const timer = setTimeout(() => {
      ws.terminate();
      resolve(null);
    }, timeoutMs);
    ws.on('close', (code, reason) => {
      clearTimeout(timer);
      resolve({ code, reason: reason.toString() });
    });
    ws.on('error', () => undefined);
  });
}

/** Open a raw websocket (no provider) and report how the upgrade ended. */
export function rawUpgrade(wsUrl: string, headers: Record<string, string>): Promise<{ opened: boolean; status?: number; body?: string }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(wsUrl, { headers });
    ws.on('open', () => {
      ws.close();
      resolve({ opened: true });
    });
    ws.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d));
      res.on('end', () => resolve({ opened: false, status: res.statusCode, body }));
    });
    ws.on('error', () => resolve({ opened: false }));
  });
}
