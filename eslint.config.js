// ESLint flat config. Import boundaries (see docs/architecture.md, "Who may import whom"):
// - web features never import each other; components/ and lib/ never import features or routes;
// - packages/geo and packages/contracts are pure: no DOM, React, Node built-ins, server or app code;
// - server feature modules reach each other only through the shared layers (http/, db/, lib/,
//   mail/, context.ts, config.ts) or another module's entry file (index.ts / module.ts).
import fs from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const featuresDir = 'web/src/features';
const features = fs.existsSync(featuresDir)
  ? fs
      .readdirSync(featuresDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

// Server: shared layers every module may use, and the feature modules (every other folder of server/src).
const serverDir = 'server/src';
const serverShared = ['http', 'db', 'lib', 'mail'];
const serverWiring = ['cli'];
const serverModules = fs.existsSync(serverDir)
  ? fs
      .readdirSync(serverDir, { withFileTypes: true })
      .filter((d) => d.isDirectory() && !serverShared.includes(d.name) && !serverWiring.includes(d.name))
      .map((d) => d.name)
  : [];
/** A module's public face: its entry file(s). Everything else in its folder is internal. */
const entryFiles = (m) => ['index.ts', 'module.ts'].filter((f) => fs.existsSync(`${serverDir}/${m}/${f}`)).map((f) => `./${m}/${f}`);
const sharedAllowed = [...serverShared.map((d) => `./${d}`), './context.ts', './config.ts'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'web/src/routeTree.gen.ts',
      'var/**',
      'data/**',
      'coverage/**',
      '.tmp/**',
      'web/dev-dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['web/tsconfig.json', 'server/tsconfig.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((f) => ({
              target: `./${featuresDir}/${f}`,
              from: `./${featuresDir}`,
              except: [`./${f}`],
              message: 'Features never import each other: compose them in routes, or move shared code to components/ or lib/.',
            })),
            {
              target: './web/src/components',
              from: ['./web/src/features', './web/src/routes'],
              message: 'components/ must not depend on features or routes.',
            },
            {
              target: './web/src/lib',
              from: ['./web/src/features', './web/src/routes', './web/src/components'],
              message: 'lib/ is the bottom layer.',
            },
            {
              target: './packages/geo',
              from: ['./web', './server', './packages/regions'],
              message: 'packages/geo is pure: no web, server or region-builder code.',
            },
            { target: './packages', from: ['./web', './server'], message: 'packages never import the apps.' },
            {
              target: './packages/assistant',
              from: ['./packages/geo', './packages/regions'],
              message: 'packages/assistant is the pure intent engine: it knows the tools (contracts), not how they run.',
            },
            { target: './server', from: './web', message: 'The server does not import web code.' },
            ...serverModules.map((m) => ({
              target: `./${serverDir}/${m}`,
              from: `./${serverDir}`,
              except: [`./${m}`, ...sharedAllowed, ...serverModules.filter((o) => o !== m).flatMap(entryFiles)],
              message: `Server module "${m}" may import the shared layers (http/, db/, lib/, mail/, context.ts, config.ts) and other modules only through their entry file (index.ts / module.ts).`,
            })),
            {
              target: `./${serverDir}/mail`,
              from: `./${serverDir}`,
              except: ['./mail', './http', './db', './lib', './context.ts', './config.ts'],
              message: 'mail/ is a shared layer: it does not import feature modules.',
            },
            ...['http', 'db', 'lib'].map((layer) => ({
              target: `./${serverDir}/${layer}`,
              from: [...serverModules, 'mail', 'cli', 'app.ts', 'server.ts', 'modules.ts', 'main.ts'].map((x) => `./${serverDir}/${x}`),
              message: `server/src/${layer}/ is a shared layer: it does not import modules or the app wiring.`,
            })),
            {
              target: './packages/contracts',
              from: ['./web', './server', './packages/regions'],
              message: 'packages/contracts is pure: no app or region-builder code.',
            },
            { target: './web', from: ['./server', './packages/regions'], message: 'The web app reaches the server over HTTP only.' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/geo/src/**/*.ts', 'packages/assistant/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/test-support/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', 'react/*', 'maplibre-gl', '@vis.gl/*', 'hono', 'hono/*', 'pg', 'kysely', '@electric-sql/*'],
              message: 'packages/geo is pure TypeScript: no DOM, React or server code.',
            },
            {
              group: ['node:*', 'fs', 'path', 'os', 'child_process'],
              message: 'packages/geo runs in a Web Worker too: no Node built-ins.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/contracts/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@waymark/*', '@/*'],
              message: 'packages/contracts imports nothing of ours: it is the bottom layer of server and web.',
            },
            {
              group: [
                'react',
                'react-*',
                'react/*',
                'maplibre-gl',
                '@vis.gl/*',
                'hono',
                'hono/*',
                'pg',
                'kysely',
                '@electric-sql/*',
                '@tanstack/*',
              ],
              message: 'packages/contracts is zod schemas only: no UI or server libraries.',
            },
            {
              group: ['node:*', 'fs', 'path', 'os', 'child_process', 'crypto', 'url'],
              message: 'packages/contracts runs in the browser too: no Node built-ins.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...[
          'window',
          'document',
          'navigator',
          'localStorage',
          'sessionStorage',
          'location',
          'fetch',
          'process',
          'Buffer',
          'require',
          '__dirname',
        ].map((name) => ({
          name,
          message: 'packages/contracts is pure: no DOM or Node globals.',
        })),
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-cycle': ['error', { ignoreExternal: true, maxDepth: 12 }],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**', 'bench/**', 'scripts/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
);
