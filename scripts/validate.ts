// `npm run validate`: checks every survey definition and the shared blocks, or just the files given.
//   npx tsx scripts/validate.ts                      definitions/*.json with definitions/shared/shared.json
//                                                    (SURVEY_DEFINITIONS names another folder), and the
//                                                    live-survey check against the published version
//   npx tsx scripts/validate.ts path/to/survey.json  that file, with a shared/shared.json beside it if there
//                                                    is one, otherwise the folder's shared/shared.json
//   npx tsx scripts/validate.ts --dir some/folder    every definition in another folder
//   npx tsx scripts/validate.ts --fix                also rewrite the files as prettier formats them
//   npx tsx scripts/validate.ts --against <ref>      compare with that git ref instead of the published
//                                                    version (PUBLISHED_REF, else the merge base with main)
// A full run also warns about reviewed Welsh whose English has changed since (stale Welsh),
// as the dev server's overlay does. A file not formatted as prettier would write it is an error
// (CI runs prettier --check), which --fix or `npm run format` puts right. With DATA_DIR or
// DATABASE_URL set, each page, field or option removed says how many stored responses it touches.
// Exit code 1 when any definition has an error.
import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import {
  checkAll,
  checkFiles,
  checkSharedFile,
  formatProblem,
  summary,
  type CheckedFile,
} from '../engine/check';
import type { SharedBlocks } from '../engine/types';
import { withStoredCounts } from './stored-answers';
import {
  compareWith,
  publishedHas,
  publishedRef,
  unchangedSince,
  type RemovalProblem,
} from '../engine/check/published';
import { formatFiles } from './validate-format';
import { definitionsDir } from '../engine/check/folders';

const DEFAULT_SHARED = join(definitionsDir(), 'shared', 'shared.json');

function sharedFileFor(file: string): string {
  const beside = join(dirname(file), 'shared', 'shared.json');
  return existsSync(beside) ? beside : DEFAULT_SHARED;
}

function checkGiven(files: string[]): CheckedFile[] {
  const isShared = (file: string) => basename(file) === 'shared.json';
  const surveysByShared = new Map<string, string[]>();
  for (const file of files.filter((f) => !isShared(f))) {
    const shared = sharedFileFor(file);
    surveysByShared.set(shared, [...(surveysByShared.get(shared) ?? []), file]);
  }
  const results = [...surveysByShared].map(([shared, surveys]) => checkFiles(surveys, shared));
  // Each shared file is reported once, whether it was named or only used.
  const sharedFiles = new Set([...files.filter(isShared), ...surveysByShared.keys()]);
  return [
    ...[...sharedFiles].map(
      (file) => results.find((r) => r.shared.file === file)?.shared ?? checkSharedFile(file),
    ),
    ...results.flatMap((r) => r.surveys),
  ];
}

/** The live-survey check: removals since `ref` (the published version unless one is given). */
async function liveCheck(dir: string, given: string | undefined, notes: string[]) {
  const published = given ? { ref: given, label: given } : publishedRef();
  if ('skipped' in published) {
    notes.push(published.skipped);
    return [];
  }
  if (!given && !publishedHas(published.ref, dir)) {
    notes.push(
      `Live-survey check: ${dir} is not in ${published.label}, so nothing is published yet.`,
    );
    return [];
  }
  // On main in CI the published version is the last commit itself: nothing can be removed.
  const removed: RemovalProblem[] = unchangedSince(published.ref, dir)
    ? []
    : compareWith(published.ref, dir);
  const shared = all?.shared.data as SharedBlocks | undefined;
  notes.push(
    `Live surveys compared with ${published.label}: ${removed.length ? `${removed.length} removed or renamed` : 'nothing removed or renamed'}.`,
  );
  return shared ? withStoredCounts(removed, shared) : removed;
}

const args = process.argv.slice(2);
const fixAt = args.indexOf('--fix');
const fix = fixAt >= 0 && args.splice(fixAt, 1).length > 0;
const againstAt = args.indexOf('--against');
const givenRef = args[againstAt + 1];
const hasRef = givenRef !== undefined && !givenRef.startsWith('--') && !givenRef.endsWith('.json');
if (againstAt >= 0) args.splice(againstAt, hasRef ? 2 : 1);
const dirAt = args.indexOf('--dir');
const dir = dirAt >= 0 ? (args.splice(dirAt, 2)[1] ?? definitionsDir()) : definitionsDir();
const all = args.length ? undefined : checkAll(dir);
const checked = all ? [all.shared, ...all.surveys] : checkGiven(args);
const notes: string[] = [];
const problems = [
  ...(all ? all.problems : checked.flatMap((f) => f.problems)),
  ...(await formatFiles(
    checked.map((f) => f.file),
    fix,
  )),
  // A full run, or --against given: what the change removes from the live surveys.
  ...(all || againstAt >= 0 ? await liveCheck(dir, hasRef ? givenRef : undefined, notes) : []),
];
for (const problem of problems) console.log(formatProblem(problem));
for (const note of notes) console.log(note);
console.log(summary(checked.length, problems));
process.exitCode = problems.some((p) => p.severity === 'error') ? 1 : 0;
