import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentList } from '@waymark/contracts';
import { documentStore } from '../src/projects/index.ts';
import { createTestApp, type SignedInTestUser, type TestApp } from './support/app.ts';
import { TEST_DB } from './support/db.ts';
import { GPX, PDF, PNG, errorOf, makeProject, upload } from './support/projects.ts';

const LIMIT = 8192;

/**
 * Documents on both storages: the local directory (DATA_DIR/uploads) and S3, against a real
 * S3-protocol server (s3rver) started here on 127.0.0.1 — not a stubbed client.
 */
describe.each(['local', 's3'] as const)(`project documents on %s storage (${TEST_DB})`, (storage) => {
  let t: TestApp;
  let s3: S3rver | null = null;
  let s3dir = '';
  let client: S3Client | null = null;
  let owner: SignedInTestUser;
  const BUCKET = 'waymark-docs';

  beforeAll(async () => {
    const env: Record<string, string> = { UPLOAD_LIMIT_BYTES: String(LIMIT) };
    if (storage === 's3') {
      s3dir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-s3rver-'));
      s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3dir });
      const info = await s3.run();
      const endpoint = `http://127.0.0.1:${info.port}`;
      client = new S3Client({
        endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
      Object.assign(env, {
        S3_ENDPOINT: endpoint,
        S3_BUCKET: BUCKET,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_REGION: 'us-east-1',
      });
    }
    t = await createTestApp(env);
    owner = await t.signIn({ name: 'Doc Owner' });
  });
  afterAll(async () => {
    await t?.close();
    client?.destroy();
    await s3?.close();
    if (s3dir) fs.rmSync(s3dir, { recursive: true, force: true });
  });

  /** Every object key in storage. */
  async function objects(): Promise<string[]> {
    if (storage === 's3') {
      const r = await client!.send(new ListObjectsV2Command({ Bucket: BUCKET }));
      return (r.Contents ?? []).map((o) => o.Key!).sort();
    }
    const root = path.join(t.config.dataDir, 'uploads');
    if (!fs.existsSync(root)) return [];
    return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
      .filter((d) => d.isFile())
      .map((d) => path.relative(root, path.join(d.parentPath, d.name)).split(path.sep).join('/'))
      .sort();
  }

  /** Nothing half-done anywhere: every row has its object, every object has its row, no ledger entries, no temp files. */
  async function consistent() {
    const rows = await t.db().selectFrom('project_documents').select('storage_key').execute();
    expect(await objects()).toEqual(rows.map((r) => r.storage_key).sort());
    expect(await t.db().selectFrom('storage_pending').selectAll().execute()).toEqual([]);
    expect(fs.readdirSync(path.join(t.config.dataDir, 'uploads-incoming'))).toEqual([]);
  }

  it('uploads, lists, downloads, renames and deletes documents', async () => {
    const id = await makeProject(t, { owner }, 'Docs');
    const [a, b] = await Promise.all([
      upload(t, owner, id, 'Race plan.pdf', PDF, 'application/pdf'),
      upload(t, owner, id, 'course.gpx', GPX, ''),
    ]);
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    const pdf = (await a.json()) as { id: string; name: string; contentType: string; sizeBytes: number; uploadedBy: { name: string } };
    expect(pdf).toMatchObject({
      name: 'Race plan.pdf',
      contentType: 'application/pdf',
      sizeBytes: PDF.length,
      uploadedBy: { name: 'Doc Owner' },
    });
    expect(((await b.json()) as { contentType: string }).contentType).toBe('application/gpx+xml');

    const list = documentList.parse(await (await t.json('GET', `/api/projects/${id}/documents`, undefined, owner.headers)).json());
    expect(list.documents.map((d) => d.name).sort()).toEqual(['Race plan.pdf', 'course.gpx']);
    expect(list.uploadLimitBytes).toBe(LIMIT);

    const dl = await t.app.request(`/api/projects/${id}/documents/${pdf.id}/download`, { headers: owner.headers });
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-type')).toBe('application/pdf');
    expect(dl.headers.get('content-disposition')).toBe(`attachment; filename="Race plan.pdf"; filename*=UTF-8''Race%20plan.pdf`);
    expect(dl.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await dl.arrayBuffer()).equals(PDF)).toBe(true);

    const renamed = await t.json('PATCH', `/api/projects/${id}/documents/${pdf.id}`, { name: '../Final <plan>.pdf' }, owner.headers);
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as { name: string }).name).toBe('Final _plan_.pdf');

    expect((await t.json('DELETE', `/api/projects/${id}/documents/${pdf.id}`, undefined, owner.headers)).status).toBe(204);
    expect((await t.app.request(`/api/projects/${id}/documents/${pdf.id}/download`, { headers: owner.headers })).status).toBe(404);
    const act = (await (await t.json('GET', `/api/projects/${id}/activity`, undefined, owner.headers)).json()) as {
      items: { action: string }[];
    };
    expect(act.items.map((x) => x.action)).toEqual(['document.deleted', 'document.renamed', 'document.uploaded', 'document.uploaded']);
    await consistent();
  });

  it('an oversized file is refused with 413 and nothing is stored (declared length or streamed)', async () => {
    const id = await makeProject(t, { owner }, 'Too big');
    const big = Buffer.concat([PDF, Buffer.alloc(LIMIT, 0x20)]);
    const declared = await upload(t, owner, id, 'big.pdf', big, 'application/pdf');
    expect(declared.status).toBe(413);
    expect((await errorOf(declared)).code).toBe('payload_too_large');
    // No Content-Length: the body is counted while it streams in.
    const chunks = [PDF, Buffer.alloc(4096, 0x20), Buffer.alloc(4096, 0x20), Buffer.alloc(4096, 0x20)];
    const stream = new ReadableStream<Uint8Array>({
      pull(ctrl) {
        const next = chunks.shift();
        if (next) ctrl.enqueue(new Uint8Array(next));
        else ctrl.close();
      },
    });
    const streamed = await upload(t, owner, id, 'big.pdf', stream, 'application/pdf');
    expect(streamed.status).toBe(413);
    expect(await t.db().selectFrom('project_documents').select('id').where('project_id', '=', id).execute()).toEqual([]);
    await consistent();
  });

  it('a file whose bytes are not its claimed type is refused with 415, as are types outside the allow-list', async () => {
    const id = await makeProject(t, { owner }, 'Types');
    const cases: [string, Buffer, string, string][] = [
      ['photo.pdf', PNG, 'application/pdf', 'type_mismatch'],
      ['photo.png', PNG, 'application/pdf', 'type_mismatch'],
      ['photo.pdf', PNG, 'application/octet-stream', 'type_mismatch'],
      ['notes.gpx', Buffer.from('just some words'), 'application/gpx+xml', 'type_mismatch'],
      ['data.json', Buffer.from('{"a": '), 'application/json', 'type_mismatch'],
      ['page.html', Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>'), 'text/html', 'unsupported_media_type'],
      [
        'icon.svg',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'image/svg+xml',
        'unsupported_media_type',
      ],
      ['setup.exe', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0)]), 'application/octet-stream', 'unsupported_media_type'],
      ['archive.zip', Buffer.from('504b0506000000000000000000000000000000000000', 'hex'), 'application/zip', 'unsupported_media_type'],
    ];
    for (const [name, bytes, type, code] of cases) {
      const res = await upload(t, owner, id, name, bytes, type);
      expect(res.status, name).toBe(415);
      expect((await errorOf(res)).code, name).toBe(code);
    }
    const empty = await upload(t, owner, id, 'empty.txt', Buffer.alloc(0), 'text/plain');
    expect(empty.status).toBe(400);
    // Right bytes, generic claims: accepted with the sniffed type; text kinds may be claimed as text/plain.
    const ok = await upload(t, owner, id, 'track.xml', GPX, 'text/plain');
    expect(ok.status).toBe(201);
    expect(((await ok.json()) as { contentType: string }).contentType).toBe('application/gpx+xml');
    expect((await t.db().selectFrom('project_documents').select('name').where('project_id', '=', id).execute()).map((r) => r.name)).toEqual(
      ['track.xml'],
    );
    await consistent();
  });

  it('sanitises names', async () => {
    const id = await makeProject(t, { owner }, 'Names');
    const cases: [string, string][] = [
      ['../../etc/pass<wd>.txt', 'pass_wd_.txt'],
      ['C:\\Users\\x\\report.txt', 'report.txt'],
      ['  ..hidden.txt  ', 'hidden.txt'],
      ['a\u0007b\u202e.txt', 'ab.txt'],
      ['CON.txt', '_CON.txt'],
    ];
    for (const [raw, want] of cases) {
      const res = await upload(t, owner, id, raw, Buffer.from('hello'), 'text/plain');
      expect(res.status, raw).toBe(201);
      expect(((await res.json()) as { name: string }).name).toBe(want);
    }
    await consistent();
  });

  it('the sweep removes objects an interrupted upload or deletion left behind, never a claimed one', async () => {
    const id = await makeProject(t, { owner }, 'Sweep');
    const kept = await upload(t, owner, id, 'keep.pdf', PDF, 'application/pdf');
    expect(kept.status).toBe(201);
    const store = documentStore(t.ctx);
    // A crash after the bytes were written but before the row: a ledger entry and an object.
    const tmp = path.join(os.tmpdir(), `waymark-sweep-${Date.now()}`);
    fs.writeFileSync(tmp, PDF);
    const orphan = `projects/${id}/00000000-0000-4000-8000-00000000abcd`;
    await t.db().insertInto('storage_pending').values({ storage_key: orphan, reason: 'upload' }).execute();
    await store.storage.putFile(orphan, tmp, { contentType: 'application/pdf', size: PDF.length });
    fs.rmSync(tmp);
    expect(await store.storage.exists(orphan)).toBe(true);
    // A fresh entry survives a sweep with a grace period (an upload may still be running elsewhere)…
    expect(await store.sweep(30 * 60_000)).toBe(0);
    expect(await store.storage.exists(orphan)).toBe(true);
    // …and goes once it is old enough.
    expect(await store.sweep(30 * 60_000, new Date(Date.now() + 31 * 60_000))).toBe(1);
    expect(await store.storage.exists(orphan)).toBe(false);
    await consistent();
  });

  it('deleting a project removes its documents from storage', async () => {
    const id = await makeProject(t, { owner }, 'Doomed');
    for (const n of ['a.pdf', 'b.pdf']) expect((await upload(t, owner, id, n, PDF, 'application/pdf')).status).toBe(201);
    const keys = (await t.db().selectFrom('project_documents').select('storage_key').where('project_id', '=', id).execute()).map(
      (r) => r.storage_key,
    );
    expect(keys).toHaveLength(2);
    expect((await t.json('DELETE', `/api/projects/${id}`, undefined, owner.headers)).status).toBe(204);
    for (const k of keys) expect(await documentStore(t.ctx).storage.exists(k)).toBe(false);
    await consistent();
  });
});
