// ESLint flat config. Import boundaries (see docs/architecture.md):
// - web features never import each other; ui/lib never import features or routes;
// - packages/geo is pure: no DOM, React, server or region-builder code.
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
