import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const REACT = ['react', 'react-*', 'react/*', 'react-dom', 'react-dom/*'];

/**
 * Files that may not import our folders `folders` (by a relative path that climbs to them), nor
 * the packages `packages`.
 */
function layer(files, folders, { ignores, packages = [] } = {}) {
  const regex = `^(\\.\\./)+(${folders.join('|')})(/|$)`;
  return {
    files,
    ...(ignores ? { ignores } : {}),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex, message: `Not from this layer: see "The parts" in docs/architecture.md.` },
            ...(packages.length ? [{ group: packages }] : []),
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      'dist-node',
      'node_modules',
      'data',
      'coverage',
      'test-results',
      'playwright-report',
      'screenshots',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  // Layers: which of our folders may import which (docs/architecture.md, "The parts"). The engine
  // imports nothing of ours; renderers only the engine; the app the engine and renderers; the
  // server those and the app's routes; scripts the engine and the server; tests anything.
  layer(['engine/**/*.ts'], ['renderers', 'src', 'server', 'scripts', 'tests'], {
    // The engine is shared by browser, server and CLI: it must not reach for React, the DOM or
    // Node's modules. Only the definition checker (engine/check/, build time and server) may use Node.
    ignores: ['engine/check/**'],
    packages: [...REACT, 'node:*', 'ajv', 'ajv/*', '**/check', '**/check/*'],
  }),
  {
    files: ['engine/**/*.ts'],
    ignores: ['engine/check/**'],
    rules: {
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'navigator'],
    },
  },
  layer(['engine/check/**/*.ts'], ['renderers', 'src', 'server', 'scripts', 'tests'], {
    packages: REACT,
  }),
  layer(['renderers/**/*.{ts,tsx}'], ['src', 'server', 'scripts', 'tests']),
  layer(['src/**/*.{ts,tsx}'], ['server', 'scripts', 'tests']),
  layer(['server/**/*.{ts,tsx}'], ['scripts', 'tests']),
  layer(['scripts/**/*.ts'], ['renderers', 'src', 'tests']),
);
