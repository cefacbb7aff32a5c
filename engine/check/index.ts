// Definition checking (Node only: ajv and node:fs). Used by `npm run validate`, the Vite plugin
// and the server's loader; never import it from browser code, which trusts definitions that
// passed here at build time.
export {
  checkDefinition,
  checkDefinitionSchema,
  checkShared,
  type CheckContext,
} from './definition';
export { checkAll, checkFiles, checkSharedFile, type CheckedFile, type CheckResult } from './files';
export { formatProblem, summary } from './report';
