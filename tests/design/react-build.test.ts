// The node project renders pages with React's production build, as the service does, while its
// environment stays a test one (tests/setup-react-production.ts).
import { createRequire } from 'node:module';
import { expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { jsx } from 'react/jsx-runtime';

/** React's modules that have run. Node also lists, unrun, every file a CommonJS module it
 *  imports from ESM may re-export (both builds), to read their export names. */
const loaded = () =>
  Object.entries(createRequire(import.meta.url).cache)
    .filter(([file, module]) => module?.loaded && /[\\/]react(-dom)?[\\/]cjs[\\/]/.test(file))
    .map(([file]) => file);

it("renders with React's production build, and leaves NODE_ENV as it was", () => {
  expect(renderToStaticMarkup(jsx('p', { children: 'Hi' }))).toBe('<p>Hi</p>');
  expect(loaded().length).toBeGreaterThan(0);
  expect(loaded().filter((file) => !file.includes('.production.'))).toEqual([]);
  expect(process.env.NODE_ENV).not.toBe('production');
});
