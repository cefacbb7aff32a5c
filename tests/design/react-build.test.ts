// The node project renders the server's pages with React's production build, as the service does,
// while its environment stays a test one (tests/setup-react-production.ts). A file of this
// project may also load React's development JSX runtime into the same worker (the Vite dev
// server run in-process, tests/scripts/dev-preview.test.ts, draws its pages in development mode):
// what is checked is the build the server's own imports get.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import * as React from 'react';
import * as JsxRuntime from 'react/jsx-runtime';

const require = createRequire(import.meta.url);

/** The exports of one of a package's own files, as loaded in this worker (undefined if not). */
function loaded(pkg: string, file: string): Record<string, unknown> | undefined {
  const path = join(dirname(require.resolve(`${pkg}/package.json`)), file);
  const module = require.cache[path];
  return module?.loaded ? (module.exports as Record<string, unknown>) : undefined;
}

it("renders with React's production build, and leaves NODE_ENV as it was", () => {
  const jsx = JsxRuntime.jsx;
  expect(renderToStaticMarkup(jsx('p', { children: 'Hi' }))).toBe('<p>Hi</p>');
  expect(React.createElement).toBe(loaded('react', 'cjs/react.production.js')?.createElement);
  expect(jsx).toBe(loaded('react', 'cjs/react-jsx-runtime.production.js')?.jsx);
  expect(renderToStaticMarkup).toBe(
    loaded('react-dom', 'cjs/react-dom-server-legacy.node.production.js')?.renderToStaticMarkup,
  );
  expect(process.env.NODE_ENV).not.toBe('production');
});
