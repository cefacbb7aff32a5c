// The engine's browser-safe core: routing, fields, what is sent, sanitising. Pure TypeScript:
// no React, no DOM, no Node modules. Imported on their own, so a page loads them only when needed:
// ./step (the page step: Continue, Skip, Start, Send; loads validation and email),
// ./validation (yup schemas generated from the definitions), ./receive (the server's check of a
// submission), ./email (typo suggestion and its domain lists), ./check (definition checking, Node only).
export * from './types';
export { resolveSurvey } from './resolve';
export { evaluate, isTruthy } from './rules';
export { FINISH, START, otherName, ruleVars, pageEdges, type Edge } from './graph';
export {
  FIELD_TYPES,
  chosenValues,
  isChoice,
  isFreeText,
  offeredOptions,
  roleOf,
  typeOf,
  type Entry,
  type FieldTypeModule,
  type TeamRole,
} from './fields';
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
  pageFields,
  skipPage,
  optionReveals,
  isRequired,
  isShown,
  revealedOnPage,
  enumeratePaths,
} from './flow';
export { prepareSubmission, type Withholding } from './submission';
export {
  IDLE_LIMIT_MS,
  NO_SESSION,
  sessionAt,
  idleTooLong,
  expiresAt,
  endedBefore,
  runUnderWay,
  startedSession,
  type Session,
} from './session';
export { move, type StepAction, type StepResult } from './move';
export { notSentCharacters, sentText } from './fields/free-text';
export {
  DEFAULT_ALLOW,
  foldAccents,
  collapseWhitespace,
  plainApostrophes,
  stripMarkup,
  sanitiseText,
  WELSH_LETTERS,
  WITHHELD,
  type FindWithheld,
  type Span,
} from './sanitise';
export type { EmailSuggestion } from './email';
