import { availableParallelism } from 'node:os';
import { resolve, sep } from 'node:path';
import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Tests of behaviour (the engine, the app, the server, the team's pages, the scripts) run on the
// fixture surveys under tests/, never on the live ones: an editor's change to definitions/ cannot
// turn them red. Every reader of the definitions asks SURVEY_DEFINITIONS (engine/check/folders.ts)
// and the app reads `@definitions`, so both point at the fixtures here.
const FIXTURES = 'tests/fixtures/surveys';
const LIVE = resolve('definitions');
/** Importing a module from the live folder fails, as reading it does (tests/setup-fixtures.ts). */
const refuseLive: Plugin = {
  name: 'refuse-live-definitions',
  enforce: 'pre',
  load(id) {
    const file = id.split('?')[0]!;
    if (file === LIVE || file.startsWith(LIVE + sep))
      throw new Error(
        `${file}: a behaviour test imports the fixture surveys (tests/fixtures/surveys), never the live definitions/; tests over the live set go in tests/definitions`,
      );
  },
};
const fixtures = {
  plugins: [refuseLive],
  resolve: { alias: { '@definitions': resolve(FIXTURES) } },
  // No docs of their own: a script that writes docs here writes them nowhere that matters.
  env: { SURVEY_DEFINITIONS: FIXTURES, SURVEY_DOCS: 'tests/fixtures/surveys/docs' },
};
// The tests over the live set (tests/definitions) take their expectations from each definition
// and its committed doc; SURVEY_DEFINITIONS and SURVEY_DOCS point them at another copy
// (tests/scripts/any-survey.test.ts runs them on a generated survey that way).
const live = {
  dir: process.env.SURVEY_DEFINITIONS || 'definitions',
  docs: process.env.SURVEY_DOCS || 'docs/surveys',
};

export default defineConfig({
  plugins: [react()],
  test: {
    // Generous: user-event in jsdom and child-process tests slow down a lot on a busy 2-core machine.
    testTimeout: 30_000,
    // Vitest's default is one file at a time on two cores (cores - 1); most of the slow files wait
    // on child processes, databases and timers rather than computing, so two at a time (each
    // PostgreSQL file in its own schema, tests/server/postgres-schema.ts) nearly halves the wall time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ['default', './tests/helpers/slowest-reporter.ts'],
    // One temporary folder for the whole run, removed at its end (tests/global-temp.ts).
    globalSetup: ['tests/global-temp.ts'],
    projects: [
      {
        extends: true,
        plugins: fixtures.plugins,
        resolve: fixtures.resolve,
        // React's production build (tests/setup-react-production.ts) has no jsxDEV.
        oxc: { jsx: { development: false } },
        test: {
          name: 'node',
          environment: 'node',
          env: fixtures.env,
          include: ['tests/{engine,masking,server,scripts,design,team}/**/*.test.ts'],
          // A worker's files share one module cache, as in the definitions project below.
          isolate: false,
          setupFiles: [
            'tests/setup-react-production.ts',
            'tests/setup-shared.ts',
            'tests/setup-fixtures.ts',
          ],
        },
      },
      {
        extends: true,
        plugins: fixtures.plugins,
        resolve: fixtures.resolve,
        test: {
          name: 'dom',
          environment: 'jsdom',
          env: fixtures.env,
          include: ['tests/{renderers,app}/**/*.test.{ts,tsx}'],
          isolate: false,
          setupFiles: ['tests/setup-shared.ts', 'tests/setup-fixtures.ts', 'tests/setup-dom.ts'],
        },
      },
      {
        extends: true,
        resolve: { alias: { '@definitions': resolve(live.dir) } },
        test: {
          name: 'definitions',
          environment: 'node', // pages drawn in a browser's DOM say so in their first lines
          env: { SURVEY_DEFINITIONS: live.dir, SURVEY_DOCS: live.docs },
          include: ['tests/definitions/**/*.test.{ts,tsx}'],
          // A worker's files share one module cache (their imports cost more than their tests);
          // what a file changes in the process is put back when it ends (tests/setup-shared.ts).
          isolate: false,
          setupFiles: ['tests/setup-shared.ts', 'tests/setup-definitions.ts'],
        },
      },
    ],
  },
});
