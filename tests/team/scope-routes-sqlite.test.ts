// Every team route, every role, on SQLite (./scope-routes.ts says what is checked).
import { scopeSuite } from './scope-routes';

scopeSuite('SQLite');
