// Checks every survey definition at dev start, on each edit, and at build: a broken definition
// shows in the browser's error overlay in dev and fails the build. The checks (and ajv) run here,
// in Node, and never reach the browser bundle.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { checkAll, formatProblem, summary } from '../engine/check';
import { BUILT_MANIFEST, definitionHashes } from '../engine/check/built';
import { parseSource } from '../engine/check/source';
import type { DefinitionProblem } from '../engine/types';
import { definitionsDir, readShared } from '../engine/check/folders';
import { resolveSurvey } from '../engine/resolve';
import type { SurveyDefinition } from '../engine/types';

interface Report {
  errors: DefinitionProblem[];
  warnings: DefinitionProblem[];
  text: string;
}

/** Checks every survey definition at dev start, on each edit, and at build; a broken definition is an error overlay / build failure. */
export function definitionsPlugin(options: { dir?: string } = {}): Plugin {
  let root = process.cwd();
  let dir = resolve(root, options.dir ?? definitionsDir());
  let server: ViteDevServer | undefined;
  let building = false;
  let failing: Report | undefined;
  let shown: Report | undefined;
  const record = recordBuilt(() => dir);

  const check = (): Report => {
    const { shared, surveys, problems } = checkAll(dir);
    const shown = problems.map((p) => formatProblem({ ...p, file: relative(root, p.file) }));
    return {
      errors: problems.filter((p) => p.severity === 'error'),
      warnings: problems.filter((p) => p.severity === 'warning'),
      text: [...shown, summary([shared, ...surveys].length, problems)].join('\n'),
    };
  };
  const isDefinition = (file: string) => {
    const path = relative(dir, resolve(file));
    return path.endsWith('.json') && (!path.includes(sep) || path === `shared${sep}shared.json`);
  };
  const overlay = (report: Report) => ({
    type: 'error' as const,
    err: {
      message: `Survey definitions have ${report.errors.length ? 'errors' : 'warnings'}:\n${report.text}`,
      stack: '',
      plugin: 'survey-definitions',
    },
  });
  /** Checks in dev: logs the result and shows errors in the overlay; true when a definition has errors. */
  const checkInDev = (dev: ViteDevServer): boolean => {
    const report = check();
    const logger = dev.config.logger;
    if (report.errors.length) logger.error(report.text, { timestamp: true });
    else if (report.warnings.length) logger.warn(report.text, { timestamp: true });
    const wasShown = shown;
    failing = report.errors.length ? report : undefined;
    // Warnings (stale Welsh, say) show too, as `npm run validate` prints them; the overlay can be dismissed.
    shown = report.errors.length || report.warnings.length ? report : undefined;
    if (shown) dev.ws.send(overlay(shown));
    else if (wasShown) dev.ws.send({ type: 'full-reload' }); // clears the overlay
    return Boolean(failing);
  };

  return {
    name: 'survey-definitions',
    // Before Vite's own JSON loader, whose syntax error names no file ("File: [object Object]").
    enforce: 'pre',
    load(id) {
      const file = id.split('?')[0]!;
      if (!isDefinition(file)) return;
      const parsed = parseSource(readFileSync(file, 'utf8'), relative(root, file));
      if ('problem' in parsed) this.error(formatProblem(parsed.problem));
      // A build carries each survey resolved against the shared blocks, so neither the blocks
      // of every survey nor the resolving reach the browser (src/definitions.ts).
      if (building && !file.endsWith(`shared${sep}shared.json`))
        return JSON.stringify(resolveSurvey(parsed.data as SurveyDefinition, readShared(dir)));
    },
    configResolved(config) {
      building = config.command === 'build';
      root = config.root;
      dir = resolve(root, options.dir ?? definitionsDir());
    },
    configureServer(dev) {
      server = dev;
      checkInDev(dev);
      // A page opened after the check still needs to see the overlay.
      dev.ws.on('connection', () => {
        if (shown) dev.ws.send(overlay(shown));
      });
    },
    buildStart() {
      if (server) return; // dev: configureServer reports without stopping the server
      const report = check();
      if (report.errors.length) this.error(`Survey definitions have errors:\n${report.text}`);
      if (report.warnings.length) this.warn(report.text);
    },
    writeBundle: record.writeBundle,
    handleHotUpdate(ctx) {
      if (!isDefinition(ctx.file)) return;
      // Keep a broken definition away from the running app until it is fixed.
      if (checkInDev(ctx.server)) return [];
    },
  };
}

/**
 * Records, beside a server-side bundle, the definitions it was built with (engine/check/built.ts):
 * the server refuses to start on other ones, and `npm start` rebuilds. Not in the browser's build,
 * whose folder is served to anyone.
 */
function recordBuilt(dirOf: () => string) {
  return {
    // Written beside the bundle once it is (a server build drops emitted assets by default).
    writeBundle(
      this: { environment?: { config: { consumer: string } } },
      output: { dir?: string },
    ) {
      // The build's environment says whose bundle this is: the server's, or the browser's.
      if (this.environment?.config.consumer !== 'server' || !output.dir) return;
      writeFileSync(
        join(output.dir, BUILT_MANIFEST),
        `${JSON.stringify(definitionHashes(dirOf()), null, 2)}\n`,
      );
    },
  };
}
