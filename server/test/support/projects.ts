// Shared helpers of the projects integration tests (not a test file itself).
import type { ProjectRole } from '@waymark/contracts';
import type { SignedInTestUser, TestApp } from './app.ts';

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
export const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
export const GPX = Buffer.from(
  '<?xml version="1.0"?>\n<gpx version="1.1" creator="test"><trk><trkseg><trkpt lat="42.5" lon="1.5"/></trkseg></trk></gpx>\n',
);

/** A project with an owner, an editor and a viewer, inserted directly (fast, for matrices). */
export async function makeProject(
  t: TestApp,
  people: {
    owner: SignedInTestUser;
    editor?: SignedInTestUser;
    viewer?: SignedInTestUser;
    extra?: { user: SignedInTestUser; role: ProjectRole }[];
  },
  name = 'Matrix project',
): Promise<string> {
  const db = t.db();
  const p = await db
    .insertInto('projects')
    .values({ name, created_by: people.owner.id, updated_by: people.owner.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows: { project_id: string; user_id: string; role: ProjectRole }[] = [
    { project_id: p.id, user_id: people.owner.id, role: 'owner' },
  ];
  if (people.editor) rows.push({ project_id: p.id, user_id: people.editor.id, role: 'editor' });
  if (people.viewer) rows.push({ project_id: p.id, user_id: people.viewer.id, role: 'viewer' });
  for (const e of people.extra ?? []) rows.push({ project_id: p.id, user_id: e.user.id, role: e.role });
  await db.insertInto('project_members').values(rows).execute();
  return p.id;
}

/** POST raw bytes as a document upload, as the browser's XHR does. */
export async function upload(
  t: TestApp,
  who: SignedInTestUser | null,
  projectId: string,
  name: string,
  bytes: Buffer | ReadableStream<Uint8Array>,
  type = 'application/octet-stream',
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  const { token, cookie } = await t.csrf();
  const headers: Record<string, string> = {
    'content-type': type,
    origin: t.config.publicUrl,
    'x-csrf-token': token,
    cookie: [who?.headers.cookie, cookie].filter(Boolean).join('; '),
    ...extraHeaders,
  };
  const init: RequestInit & { duplex?: 'half' } = { method: 'POST', headers, body: bytes as unknown as RequestInit['body'] };
  if (!(bytes instanceof Buffer)) init.duplex = 'half';
  let encoded: string;
  try {
    encoded = encodeURIComponent(name);
  } catch {
    encoded = '%ED%A0%80'; // a lone surrogate: sent as the raw (invalid) UTF-8 a client could send
  }
  return t.app.request(`/api/projects/${projectId}/documents?name=${encoded}`, init);
}

export async function errorOf(res: Response) {
  const body = (await res.json()) as { error: { code: string; message: string } };
  return body.error;
}
