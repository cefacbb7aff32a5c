import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
  {
    // The engine is shared by browser, server and CLI: it must not reach for React, the DOM or
    // Node's modules. Only the definition checker (engine/check/, build time and server) may use Node.
    files: ['engine/**/*.ts'],
    ignores: ['engine/check/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            'react',
            'react-*',
            'react/*',
            'react-dom',
            'react-dom/*',
            'node:*',
            'ajv',
            'ajv/*',
            '**/check',
            '**/check/*',
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'navigator'],
    },
  },
  {
    files: ['engine/check/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['react', 'react-*', 'react/*', 'react-dom', 'react-dom/*'] },
      ],
    },
  },
);
