import fs from 'node:fs';
import path from 'node:path';
import type { Context, Hono } from 'hono';
import { inlineScriptHashes } from './security.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
  '.pbf': 'application/x-protobuf',
  '.map': 'application/json; charset=utf-8',
};

export function contentType(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

export interface BuildInfo {
  id: string;
  timestamp: string;
}

export interface SpaAssets {
  dir: string | null;
  build: BuildInfo;
  /** Known client route paths; null when the build did not list them (then every path is served). */
  routes: Set<string> | null;
  indexHtml: string | null;
  scriptHashes: string[];
  /** Per client route, the build files its first render needs (preloads.json, from the web build). */
  preloads: Map<string, string[]>;
}

/** Load what the web build produced: index.html, build.json (id, timestamp) and routes.json. */
export function loadSpa(dir: string | null, startedAt = new Date()): SpaAssets {
  const fallbackBuild = { id: `dev-${startedAt.getTime().toString(36)}`, timestamp: startedAt.toISOString() };
  if (!dir || !fs.existsSync(path.join(dir, 'index.html'))) {
    return { dir: null, build: fallbackBuild, routes: null, indexHtml: null, scriptHashes: [], preloads: new Map() };
  }
  const indexHtml = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  const readJson = <T>(name: string): T | null => {
    try {
      return JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as T;
    } catch {
      return null;
    }
  };
  const build = readJson<BuildInfo>('build.json') ?? fallbackBuild;
  const routes = readJson<string[]>('routes.json');
  return {
    dir,
    build,
    routes: routes ? new Set(routes.map(normalise)) : null,
    indexHtml,
    scriptHashes: inlineScriptHashes(indexHtml),
    preloads: readPreloads(readJson<unknown>('preloads.json')),
  };
}

/** Only hashed build assets with harmless names are accepted from preloads.json. */
function readPreloads(raw: unknown): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (!raw || typeof raw !== 'object') return out;
  for (const [route, files] of Object.entries(raw as Record<string, unknown>)) {
    if (!Array.isArray(files)) continue;
    const ok = files.filter((f): f is string => typeof f === 'string' && /^\/assets\/[\w.-]+\.(?:js|css)$/.test(f));
    if (ok.length) out.set(normalise(route), ok);
  }
  return out;
}

/** `<link>` hints for a route's preloads, placed before `</head>`. */
export function withPreloads(html: string, files: string[] | undefined): string {
  if (!files?.length) return html;
  const links = files
    .map((f) =>
      f.endsWith('.css') ? `<link rel="preload" as="style" crossorigin href="${f}">` : `<link rel="modulepreload" crossorigin href="${f}">`,
    )
    .join('');
  return html.replace('</head>', `${links}</head>`);
}

function normalise(p: string): string {
  const s = p.replace(/\/+$/, '');
  return s === '' ? '/' : s;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export type IndexTransform = (html: string, c: Context) => string | Promise<string>;

/**
 * Serve the built SPA: files from the build (hashed `/assets/*` immutable, others revalidated),
 * index.html `no-cache` for known client routes, and a 404 status (SPA still rendered) or a
 * "Page not found: {path}" text for anything else.
 */
export function mountSpa(app: Hono, spa: SpaAssets, transforms: IndexTransform[] = []) {
  const root = spa.dir ? path.resolve(spa.dir) : null;
  // index.html with each route's preloads, built once per route (the build does not change while we run).
  const withRoutePreloads = new Map<string, string>();
  const indexFor = (route: string) => {
    let html = withRoutePreloads.get(route);
    if (html === undefined) {
      html = withPreloads(spa.indexHtml!, spa.preloads.get(route));
      if (spa.preloads.has(route)) withRoutePreloads.set(route, html);
    }
    return html;
  };
  const looksLikeFile = (p: string) => /\.[a-z0-9]{1,8}$/i.test(p);

  const sendIndex = async (c: Context, status: 200 | 404) => {
    let html = status === 200 ? indexFor(normalise(c.req.path)) : spa.indexHtml!;
    for (const t of transforms) html = await t(html, c);
    return c.body(html, status, { 'Content-Type': TYPES['.html']!, 'Cache-Control': 'no-cache' });
  };

  app.get('*', async (c, next) => {
    const reqPath = decodeURIComponentSafe(c.req.path);
    if (reqPath === null) return c.text('Bad request path', 400);
    // A client route (no extension, listed by the build) is never a file: no disk lookup for it.
    const clientRoute = !looksLikeFile(reqPath) && spa.routes !== null && spa.routes.has(normalise(reqPath));
    if (root && !clientRoute) {
      const file = path.resolve(root, `.${reqPath}`);
      if (file.startsWith(root + path.sep) && path.basename(file) !== 'index.html') {
        const stat = fs.statSync(file, { throwIfNoEntry: false });
        if (stat?.isFile()) return sendFile(c, file, stat, reqPath);
      }
    }
    await next();
  });

  app.get('*', async (c) => {
    const p = normalise(c.req.path);
    const wantsHtml = (c.req.header('accept') ?? '').includes('text/html');
    const known = !looksLikeFile(p) && (spa.routes === null || spa.routes.has(p));
    if (spa.indexHtml && (known || wantsHtml)) return sendIndex(c, known ? 200 : 404);
    if (!spa.indexHtml && known && wantsHtml) {
      return c.html('<!doctype html><title>Waymark</title><p>The web app is not built. Run <code>npm run build</code>.</p>', 503);
    }
    return c.text(`Page not found: ${escapeHtml(c.req.path)}`, 404, { 'Cache-Control': 'no-cache' });
  });
}

function decodeURIComponentSafe(p: string): string | null {
  try {
    const d = decodeURIComponent(p);
    return d.includes('\0') ? null : d;
  } catch {
    return null;
  }
}

function sendFile(c: Context, file: string, stat: fs.Stats, reqPath: string) {
  const etag = `W/"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}"`;
  const immutable = reqPath.startsWith('/assets/') && /[-.][A-Za-z0-9_-]{8,}\.[a-z0-9]+$/.test(reqPath);
  const noCache = /(^\/sw\.js|\/workbox-[^/]*\.js|\.webmanifest|build\.json|routes\.json)$/.test(reqPath);
  const headers: Record<string, string> = {
    'Content-Type': contentType(file),
    ETag: etag,
    'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : noCache ? 'no-cache' : 'public, max-age=3600, must-revalidate',
  };
  // Hashed build assets come precompressed (`.br` / `.gz` beside them, written by the web build):
  // serve those as they are instead of compressing on every request.
  let body = file;
  let size = stat.size;
  if (immutable) {
    const accept = c.req.header('accept-encoding') ?? '';
    for (const [enc, ext] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      const pre = fs.statSync(file + ext, { throwIfNoEntry: false });
      if (pre?.isFile() && new RegExp(`\\b${enc}\\b`).test(accept)) {
        body = file + ext;
        size = pre.size;
        headers['Content-Encoding'] = enc;
        headers.ETag = `W/"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}-${enc}"`;
        break;
      }
    }
    headers.Vary = 'Accept-Encoding';
  }
  if (c.req.header('if-none-match') === headers.ETag) return c.body(null, 304, headers);
  headers['Content-Length'] = String(size);
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  const stream = fs.createReadStream(body);
  return c.body(
    new ReadableStream<Uint8Array>({
      start(controller) {
        stream.on('data', (chunk) => controller.enqueue(chunk as Buffer));
        stream.on('end', () => controller.close());
        stream.on('error', (e) => controller.error(e));
      },
      cancel() {
        stream.destroy();
      },
    }),
    200,
    headers,
  );
}
