import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { SHOWCASE_NAMES } from './src/components/layout/showcase-catalog.ts';

/**
 * Map routes and the modules their first frame needs: the route's own chunk and the lazily loaded
 * map implementation. preloads.json lists their chunks (with static imports and CSS) so the server
 * can name them in index.html for those paths — the browser then fetches them in parallel with
 * the entry script instead of one after another.
 */
const ROUTE_PRELOADS: Record<string, string[]> = {
  '/run': ['src/routes/run.tsx', 'src/components/map/region-map-impl.tsx'],
  '/run-app': ['src/routes/run-app.tsx', 'src/components/map/region-map-impl.tsx'],
};

type Chunk = {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss?: Set<string> };
};

function routePreloads(bundle: Record<string, { type: string }>): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((c): c is Chunk => c.type === 'chunk') as Chunk[];
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (roots: Chunk[]) => {
    const seen = new Set<string>();
    const walk = (c: Chunk) => {
      if (seen.has(c.fileName)) return;
      seen.add(c.fileName);
      for (const i of c.imports) if (byFile.has(i)) walk(byFile.get(i)!);
    };
    roots.forEach(walk);
    return seen;
  };
  const initial = closure(chunks.filter((c) => c.isEntry));
  const out: Record<string, string[]> = {};
  for (const [route, modules] of Object.entries(ROUTE_PRELOADS)) {
    const roots = modules.map((m) => {
      const abs = path.resolve(import.meta.dirname, m);
      const c = chunks.find((x) => x.facadeModuleId?.split('?')[0] === abs);
      if (!c) throw new Error(`route preloads: no chunk for ${m}`);
      return c;
    });
    const files = [...closure(roots)].filter((f) => !initial.has(f));
    const css = files.flatMap((f) => [...(byFile.get(f)!.viteMetadata?.importedCss ?? [])]);
    out[route] = [...files, ...css].map((f) => `/${f}`);
  }
  return out;
}

/**
 * Fewer, larger chunks. Left to itself the bundler splits the app into ~380 chunks, most under
 * 10 KB: the shell took 54 requests and /run 64 more, and over HTTP/1.1 (6 connections) the first
 * map frame waited seconds for that queue on a busy machine. The shell's static imports are one
 * chunk (`$initial`: smaller in gzip than its 54 parts), and the UI primitives lazy pages share
 * (Radix, lucide icons, floating-ui and their helpers) one more, cached across pages.
 */
const UI_PRIMITIVES =
  /node_modules[\\/](@radix-ui|radix-ui|lucide-react|@floating-ui|aria-hidden|react-remove-scroll[^\\/]*|use-sidecar|use-callback-ref|tslib|get-nonce|detect-node-es)[\\/]/;
const CODE_SPLITTING = {
  groups: [
    { name: 'shell', tags: ['$initial' as const] },
    { name: 'ui', test: UI_PRIMITIVES, minShareCount: 2 },
  ],
};

/**
 * Routes with a path parameter and every value the app accepts for it: routes.json lists each
 * concrete path, so the server answers the others with 404 (a param route left out here would
 * never match a real path and would always be a 404).
 */
const PARAM_ROUTES: Record<string, readonly string[]> = {
  '/components/$name': SHOWCASE_NAMES.map((n) => `/components/${n}`),
};

/** The concrete paths routes.json lists for the route tree's full paths. */
function concreteRoutes(fullPaths: string[]): string[] {
  const out = fullPaths.flatMap((r) => PARAM_ROUTES[r] ?? [r]);
  return [...new Set(out)].sort();
}

/**
 * Writes dist/build.json ({ id, timestamp } of this build, polled by the app to detect new
 * deploys), dist/routes.json (every client route path, so the server can answer unknown
 * paths with a real 404 status) and dist/preloads.json (see ROUTE_PRELOADS).
 */
function buildManifest(): Plugin {
  return {
    name: 'waymark-build-manifest',
    apply: 'build',
    writeBundle(opts, bundle) {
      const hash = createHash('sha256');
      for (const name of Object.keys(bundle).sort()) hash.update(name);
      const dist = opts.dir ?? path.resolve(import.meta.dirname, 'dist');
      if (!fs.existsSync(dist)) return;
      const id = hash.digest('hex').slice(0, 16);
      fs.writeFileSync(path.join(dist, 'build.json'), JSON.stringify({ id, timestamp: new Date().toISOString() }));
      const tree = fs.readFileSync(path.resolve(import.meta.dirname, 'src/routeTree.gen.ts'), 'utf8');
      const block = /export interface FileRoutesByFullPath \{([\s\S]*?)\n\}/.exec(tree)?.[1] ?? '';
      const routes = [...block.matchAll(/^\s*'([^']+)'\s*:/gm)].map((m) => m[1]!.replace(/\/$/, '') || '/');
      fs.writeFileSync(path.join(dist, 'routes.json'), JSON.stringify(concreteRoutes(routes)));
      fs.writeFileSync(path.join(dist, 'preloads.json'), JSON.stringify(routePreloads(bundle)));
    },
  };
}

/**
 * The installable app (SPEC §2/§4, docs/shell.md): manifest at /manifest.webmanifest, a Workbox
 * worker precaching the built shell (not index.html: it carries a per-browser csrf token, so pages
 * are cached network-first as they are visited, with /offline.html as the fallback), runtime caches
 * for tiles, glyphs, sprites and the region list. registerType "prompt": the app asks before
 * activating a new worker (see features/shell/pwa-updater.tsx).
 */
function pwa() {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    includeAssets: ['favicon.svg', 'offline.html', 'icons/*.png', 'og-image.png'],
    manifest: {
      id: '/',
      name: 'Waymark — Running Route Planner',
      short_name: 'Waymark',
      description: 'Plan running routes and edit project maps on real OpenStreetMap data, online or offline.',
      lang: 'en',
      start_url: '/run-app',
      scope: '/',
      display: 'standalone',
      orientation: 'any',
      theme_color: '#09090b',
      background_color: '#ffffff',
      categories: ['sports', 'navigation', 'productivity'],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,mjs,css,svg,png,woff2,webmanifest}', 'offline.html'],
      globIgnores: ['**/index.html', 'og-image.png'],
      navigateFallback: null,
      clientsClaim: true,
      cleanupOutdatedCaches: true,
      maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
      runtimeCaching: [
        {
          urlPattern: ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
          handler: 'NetworkFirst',
          options: {
            cacheName: 'waymark-pages',
            networkTimeoutSeconds: 5,
            // a page is the same app shell whatever its query: offline, /run?region=monaco opens from
            // the cached /run?route=… (a region downloaded but never opened online still opens)
            matchOptions: { ignoreSearch: true },
            expiration: { maxEntries: 60 },
            cacheableResponse: { statuses: [200, 404] },
            precacheFallback: { fallbackURL: '/offline.html' },
          },
        },
        {
          // Region files (PMTiles, graph.bin). The map fetches each whole once (200) to fill this
          // cache (components/map/offline.ts); Range requests are then answered from that copy.
          urlPattern: ({ url }) => url.pathname.startsWith('/tiles/'),
          handler: 'CacheFirst',
          options: {
            cacheName: 'waymark-tiles',
            rangeRequests: true,
            expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 },
            cacheableResponse: { statuses: [200] },
          },
        },
        {
          urlPattern: ({ url }) => url.pathname.startsWith('/assets/fonts/') || url.pathname.startsWith('/assets/sprites/'),
          handler: 'CacheFirst',
          options: {
            cacheName: 'waymark-map-assets',
            expiration: { maxEntries: 500, maxAgeSeconds: 90 * 24 * 3600 },
            cacheableResponse: { statuses: [0, 200] },
          },
        },
        {
          urlPattern: ({ url }) => url.pathname === '/api/regions' || url.pathname.startsWith('/api/regions/'),
          handler: 'StaleWhileRevalidate',
          options: { cacheName: 'waymark-regions', expiration: { maxEntries: 50 }, cacheableResponse: { statuses: [200] } },
        },
      ],
    },
  });
}

/**
 * Writes `.br` and `.gz` copies of the hashed JS/CSS assets (≥ 1 KB), which the server sends as
 * they are (server/src/http/static.ts) instead of compressing every request on the fly — on a
 * small machine that CPU is taken from the browser loading the page.
 */
function precompress(): Plugin {
  return {
    name: 'waymark-precompress',
    apply: 'build',
    writeBundle(opts, bundle) {
      const dist = opts.dir ?? path.resolve(import.meta.dirname, 'dist');
      for (const name of Object.keys(bundle)) {
        if (!/^assets\/.+\.(?:js|css)$/.test(name)) continue;
        const file = path.join(dist, name);
        const raw = fs.readFileSync(file);
        if (raw.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(raw, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(raw, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
          }),
        );
      }
    },
  };
}

const apiTarget = process.env.WAYMARK_API ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
    }),
    react(),
    tailwindcss(),
    buildManifest(),
    precompress(),
    pwa(),
  ],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    target: 'es2022',
    rolldownOptions: { output: { codeSplitting: CODE_SPLITTING } },
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/tiles': apiTarget, '/builds': apiTarget, '/assets/fonts': apiTarget, '/assets/sprites': apiTarget },
  },
});
