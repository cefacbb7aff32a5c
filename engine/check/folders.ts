// Where the survey definitions and their generated docs are: definitions/ and docs/surveys/,
// unless SURVEY_DEFINITIONS or SURVEY_DOCS names another folder (a copy being checked, or the
// tests' own fixture surveys). Every reader of the definitions asks here, when it runs, so one
// setting moves them all: the checks, the scripts, the server, the dev server and the build.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SharedBlocks } from '../types';

export const definitionsDir = (): string => process.env.SURVEY_DEFINITIONS || 'definitions';

export const docsDir = (): string => process.env.SURVEY_DOCS || join('docs', 'surveys');

/** The shared blocks (scales, footers, the contact page) as the folder has them now. */
export const readShared = (dir = definitionsDir()): SharedBlocks =>
  JSON.parse(readFileSync(join(dir, 'shared', 'shared.json'), 'utf8')) as SharedBlocks;
