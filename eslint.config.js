import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readFileSync } from 'node:fs';
import { URL } from 'node:url';

const REACT = ['react', 'react-*', 'react/*', 'react-dom', 'react-dom/*'];

/**
 * Comparing a field's `type` with a type name (`f.type === 'radios'`, a `case 'email':`, a list
 * of names `.includes(f.type)`): only engine/fields may, so everything else asks the type's
 * module (engine/fields/types.ts) and a new type cannot be missed there. The names come from the
 * schema, so a type added there is covered at once.
 */
function fieldTypeNames() {
  const schema = JSON.parse(readFileSync(new URL('./schemas/survey.schema.json', import.meta.url)));
  const names = `/^(${schema.$defs.field.properties.type.enum.join('|')})$/`;
  const type = (side) => [
    `${side}.property.name='type'`,
    `${side}.expression.property.name='type'`,
  ];
  const message =
    'Ask the field type\'s module (typeOf, roleOf, isChoice or isFreeText from engine/fields), not the type\'s name: see "The parts" in docs/architecture.md.';
  const compared = (a, b) =>
    type(a).map((t) => `BinaryExpression[operator=/^[!=]==?$/][${t}][${b}.value=${names}]`);
  return [
    ...compared('left', 'right'),
    ...compared('right', 'left'),
    ...type('discriminant').map((t) => `SwitchStatement[${t}] > SwitchCase[test.value=${names}]`),
    ...type('arguments.0').map(
      (t) =>
        `CallExpression[callee.property.name='includes'][${t}]:has(ArrayExpression > Literal[value=${names}])`,
    ),
  ].map((selector) => ({ selector, message }));
}

/**
 * A submission prepared or checked by the service without the masking's withholding
 * (masking/): the text would reach the store with personal data in it. Tests may.
 */
function withheldCalls() {
  return ['validateSubmission', 'prepareSubmission'].map((name) => ({
    selector: `CallExpression[callee.name='${name}'][arguments.length<3]`,
    message: `Pass withholdPersonalData (masking/) to ${name}: personal data in typed text is withheld before it is cleaned.`,
  }));
}

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
  // imports nothing of ours; the masking only the engine; renderers only the engine; the app
  // the engine, masking and renderers; the server those and the app's routes; scripts the
  // engine, masking and the server; tests anything.
  layer(['engine/**/*.ts'], ['masking', 'renderers', 'src', 'server', 'scripts', 'tests'], {
    // The engine is shared by browser, server and CLI: it must not reach for React, the DOM or
    // Node's modules. Only the definition checker (engine/check/, build time and server) may use
    // Node. A field type's view lives in its folder (engine/fields/<type>/view.tsx) but belongs to
    // the app: the engine never imports it (tests/design/field-folders.test.ts walks the graph).
    ignores: ['engine/check/**'],
    packages: [...REACT, 'node:*', 'ajv', 'ajv/*', '**/check', '**/check/*', '**/view', '**/*.tsx'],
  }),
  {
    files: ['engine/**/*.ts'],
    ignores: ['engine/check/**'],
    rules: {
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'navigator'],
    },
  },
  layer(['engine/check/**/*.ts'], ['masking', 'renderers', 'src', 'server', 'scripts', 'tests'], {
    packages: REACT,
  }),
  // Shared by the browser and the server, as the engine is.
  layer(['masking/**/*.ts'], ['renderers', 'src', 'server', 'scripts', 'tests'], {
    packages: [...REACT, 'node:*'],
  }),
  layer(['renderers/**/*.{ts,tsx}'], ['masking', 'src', 'server', 'scripts', 'tests']),
  // A field type's view is the app's (it draws GOV.UK renderers and the app's field helpers).
  layer(['src/**/*.{ts,tsx}', 'engine/fields/*/view.tsx'], ['server', 'scripts', 'tests']),
  layer(['server/**/*.{ts,tsx}'], ['scripts', 'tests']),
  layer(['scripts/**/*.ts'], ['renderers', 'src', 'tests']),
  // The team's pages reach stored data only through their member's reader (server/team/access,
  // which applies the role's scope): no other file in server/team may import a storage module's
  // code. Types are fine: they carry no data.
  {
    files: ['server/team/**/*.{ts,tsx}'],
    ignores: ['server/team/access/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/storage', '**/storage/**'],
              allowTypeImports: true,
              message:
                'Read through the member\'s reader (ctx.reader(request), server/team/access): see "The team\'s read layer" in docs/architecture.md.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['engine/fields/**', 'tests/**'],
    rules: { 'no-restricted-syntax': ['error', ...fieldTypeNames()] },
  },
  {
    files: ['server/**/*.{ts,tsx}', 'src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...fieldTypeNames(), ...withheldCalls()] },
  },
);
