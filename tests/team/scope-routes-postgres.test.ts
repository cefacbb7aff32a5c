// Every team route, every role, on PostgreSQL (./scope-routes.ts says what is checked). Needs a
// real PostgreSQL server: set TEST_DATABASE_URL (a throwaway database) to run it.
import { describe } from 'vitest';
import { scopeSuite } from './scope-routes';

describe.skipIf(!process.env.TEST_DATABASE_URL)('with TEST_DATABASE_URL', () => {
  scopeSuite('PostgreSQL', (key) => `scope_routes_${key.toLowerCase()}`);
});
