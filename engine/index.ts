// The engine's public, browser-safe API. Pure TypeScript: no React, no DOM, no ajv
// (definition checking lives in ./check, imported only by scripts, the server and the dev build).
export * from './types';
export { resolveSurvey } from './resolve';
export { evaluate, ruleVars } from './rules';
export {
  firstPage,
  findPage,
  nextPage,
  pathFor,
  backOf,
  progressOf,
  guardRedirect,
  visibleFields,
  allFields,
  enumeratePaths,
} from './flow';
export { pageSchema, validatePage } from './validation';
export { prepareSubmission, validateSubmission } from './submission';
export {
  foldAccents,
  collapseWhitespace,
  plainApostrophes,
  stripMarkup,
  sanitiseText,
  WELSH_LETTERS,
} from './sanitise';
// suggestEmail (./email) is imported on its own so its domain lists load only with the page that sends.
export { textOf } from './text';
// Helpers for renderers, the app and the server (added by the engine work).
export {
  FINISH,
  START,
  chosenValues,
  optionReveals,
  pageFields,
  isRequired,
  isShown,
} from './flow';
export { isTruthy } from './rules';
export { fieldError } from './validation';
export { DEFAULT_ALLOW } from './sanitise';
export type { SubmissionCheck } from './submission';
export type { EmailSuggestion } from './email';
