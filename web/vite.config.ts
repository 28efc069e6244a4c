import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes dist/build.json ({ id, timestamp } of this build, polled by the app to detect new
 * deploys) and dist/routes.json (every client route path, so the server can answer unknown
 * paths with a real 404 status).
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
      fs.writeFileSync(path.join(dist, 'routes.json'), JSON.stringify([...new Set(routes)].sort()));
    },
  };
}

const apiTarget = process.env.WAYMARK_API ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: './src/routes', generatedRouteTree: './src/routeTree.gen.ts' }),
    react(),
    tailwindcss(),
    buildManifest(),
  ],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 1500, target: 'es2022' },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/tiles': apiTarget, '/builds': apiTarget, '/assets/fonts': apiTarget, '/assets/sprites': apiTarget },
  },
});
