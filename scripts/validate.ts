// `npm run validate`: checks every survey definition and the shared blocks, or just the files given.
//   npx tsx scripts/validate.ts                      definitions/*.json with definitions/shared/shared.json
//   npx tsx scripts/validate.ts path/to/survey.json  that file, with a shared/shared.json beside it if there
//                                                    is one, otherwise definitions/shared/shared.json
//   npx tsx scripts/validate.ts --dir some/folder    every definition in another folder
//   npx tsx scripts/validate.ts --fix                also rewrite the files as prettier formats them
//   npx tsx scripts/validate.ts --against [ref]      also list the pages, fields and options removed or
//                                                    renamed since that git ref (default main)
// A full run also warns about reviewed Welsh whose English has changed since (stale Welsh),
// as the dev server's overlay does. A file not formatted as prettier would write it is an error
// (CI runs prettier --check), which --fix or `npm run format` puts right.
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
import { compareWith } from './validate-against';
import { formatFiles } from './validate-format';

const DEFAULT_SHARED = join('definitions', 'shared', 'shared.json');

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

const args = process.argv.slice(2);
const fixAt = args.indexOf('--fix');
const fix = fixAt >= 0 && args.splice(fixAt, 1).length > 0;
const againstAt = args.indexOf('--against');
const givenRef = args[againstAt + 1];
const hasRef = givenRef !== undefined && !givenRef.startsWith('--') && !givenRef.endsWith('.json');
const against = againstAt < 0 ? undefined : hasRef ? givenRef : 'main';
if (againstAt >= 0) args.splice(againstAt, hasRef ? 2 : 1);
const dirAt = args.indexOf('--dir');
const dir = dirAt >= 0 ? (args.splice(dirAt, 2)[1] ?? 'definitions') : 'definitions';
const all = args.length ? undefined : checkAll(dir);
const checked = all ? [all.shared, ...all.surveys] : checkGiven(args);
const problems = [
  ...(all ? all.problems : checked.flatMap((f) => f.problems)),
  ...(await formatFiles(
    checked.map((f) => f.file),
    fix,
  )),
  ...(against ? compareWith(against, dir) : []),
];
for (const problem of problems) console.log(formatProblem(problem));
console.log(summary(checked.length, problems));
process.exitCode = problems.some((p) => p.severity === 'error') ? 1 : 0;
