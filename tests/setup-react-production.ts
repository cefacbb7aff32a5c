// The node tests render the server's pages with React's production build, as the service does
// (its bundle is built for production). React picks its build from NODE_ENV when first loaded:
// it is loaded here with NODE_ENV=production, which is then put back, so that nothing else (the
// server's config, a process a test starts) sees a production setting. The development build's
// checks were about a third of a team page's rendering time here; the dom and definitions
// projects, whose tests drive components with act(), keep it. vitest.config.ts turns off the
// development JSX transform for this project to match.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const before = process.env.NODE_ENV;
process.env.NODE_ENV = 'production';
try {
  for (const name of ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/server']) require(name);
} finally {
  process.env.NODE_ENV = before;
}
