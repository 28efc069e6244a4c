// Static file responses with HTTP Range (single range, 206/416), strong ETags and caching headers.
import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { Context } from 'hono';

export interface SendOptions {
  contentType: string;
  cacheControl: string;
}

/** Parse a single `bytes=` range against a size; null = unsatisfiable, undefined = no/ignored range. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | undefined {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return header.trim().startsWith('bytes=') && !header.includes(',') ? null : undefined;
  let start: number, end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return null;
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (!Number.isSafeInteger(start) || start >= size || end < start) return null;
  return { start, end };
}

/** Send a file (or a byte range of it). Returns undefined when the file does not exist. */
export function sendFile(c: Context, file: string, opts: SendOptions): Response | undefined {
  let st: fs.Stats;
  try {
    st = fs.statSync(file);
    if (!st.isFile()) return undefined;
  } catch {
    return undefined;
  }
  const etag = `"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"`;
  const headers: Record<string, string> = {
    'Content-Type': opts.contentType,
    'Cache-Control': opts.cacheControl,
    ETag: etag,
    'Last-Modified': st.mtime.toUTCString(),
    'Accept-Ranges': 'bytes',
  };
  const inm = c.req.header('if-none-match');
  if (inm && inm.split(',').some((t) => t.trim() === etag || t.trim() === '*')) return c.body(null, 304, headers);
  const ifRange = c.req.header('if-range');
  const range = ifRange && ifRange !== etag ? undefined : parseRange(c.req.header('range'), st.size);
  if (range === null) return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${st.size}` });
  const head = c.req.method === 'HEAD';
  if (range) {
    const len = range.end - range.start + 1;
    const h = { ...headers, 'Content-Range': `bytes ${range.start}-${range.end}/${st.size}`, 'Content-Length': String(len) };
    if (head) return c.body(null, 206, h);
    const stream = Readable.toWeb(fs.createReadStream(file, { start: range.start, end: range.end })) as ReadableStream<Uint8Array>;
    return c.body(stream, 206, h);
  }
  const h = { ...headers, 'Content-Length': String(st.size) };
  if (head) return c.body(null, 200, h);
  return c.body(Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>, 200, h);
}
