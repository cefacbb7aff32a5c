// Issue 27 item 1: an editor adds a survey and a branch as JSON, runs `npm run docs`, and every
// definition check passes with no code edited. Done in a temporary copy of definitions/ and
// docs/surveys/; the checks are the commands CI runs, pointed at that copy.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import prettier from 'prettier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, SurveyDefinition } from '../../engine/types';
import { plansFor } from '../e2e/helpers/answers';
import { surveysIn } from '../e2e/helpers/surveys';
import { committedPaths } from '../helpers/committed';

const temp = mkdtempSync(join(tmpdir(), 'editor-'));
const definitions = join(temp, 'definitions');
const docs = join(temp, 'docs', 'surveys');
afterAll(() => rmSync(temp, { recursive: true, force: true }));

function run(command: string[], env: Record<string, string> = {}) {
  const done = spawnSync('npx', command, {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...env },
    timeout: 120_000,
  });
  return { status: done.status, output: `${done.stdout}${done.stderr}` };
}

async function writeJson(file: string, data: unknown): Promise<void> {
  const options = await prettier.resolveConfig('definitions/basic.json');
  writeFileSync(file, await prettier.format(JSON.stringify(data), { ...options, parser: 'json' }));
}

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as SurveyDefinition;
const text = (en: string, cy: string) => ({ en, cy });

/** A page asked only when `field` has `value`, sent back to `back` when opened out of turn. */
function branchPage(id: string, field: string, value: string, back: string, name: string): Page {
  return {
    id,
    guard: { when: { '==': [{ var: field }, value] }, otherwise: back },
    fields: [
      {
        name,
        type: 'textarea',
        label: text('What could have gone better?', 'Beth allai fod wedi mynd yn well?'),
        minLength: 2,
        maxLength: 1000,
        characterCount: true,
      },
    ],
  } as Page;
}

beforeAll(async () => {
  cpSync('definitions', definitions, { recursive: true });
  cpSync(join('docs', 'surveys'), docs, { recursive: true });

  // A new branch in basic: "At a Post Office" on q4 goes to a new page q4a, then on to q5.
  const basic = read(join(definitions, 'basic.json'));
  const q4 = basic.pages.findIndex((page) => page.id === 'q4');
  basic.pages[q4]!.next = {
    if: [{ '==': [{ var: 'howDidYouVerify' }, 'Post Office'] }, 'q4a', 'q5'],
  };
  basic.pages.splice(q4 + 1, 0, {
    ...branchPage('q4a', 'howDidYouVerify', 'Post Office', 'q4', 'postOfficeVisit'),
    next: 'q5',
  });
  basic.newFields = [...(basic.newFields ?? []), 'postOfficeVisit'];
  await writeJson(join(definitions, 'basic.json'), basic);

  // A new survey made as an editor would: a copy of another with its own id and a branch.
  const survey = read(join(definitions, 'dors-applicant.json'));
  survey.id = 'certificate-post';
  survey.serviceName = 'certificate-post-survey';
  survey.title = text(
    'Give feedback on getting your DBS certificate by post',
    'Rhoi adborth am gael eich tystysgrif DBS drwy’r post',
  );
  survey.start!.heading = text(
    'Tell us about getting your DBS certificate by post',
    'Dywedwch wrthym am eich profiad o gael eich tystysgrif DBS drwy’r post',
  );
  const q1 = survey.pages[0]!;
  const q1Field = q1.fields[0] as { name: string };
  q1.next = { if: [{ '==': [{ var: q1Field.name }, '1'] }, 'q1a', 'q2'] };
  survey.pages.splice(1, 0, {
    ...branchPage('q1a', q1Field.name, '1', 'q1', 'whatWentWrong'),
    next: 'q2',
  });
  survey.newFields = [...(survey.newFields ?? []), 'whatWentWrong'];
  await writeJson(join(definitions, 'certificate-post.json'), survey);
}, 60_000);

describe('an editor adds a survey and a branch as JSON', () => {
  it('fails docs:check until the docs are regenerated, naming both files', () => {
    const check = run(['tsx', 'scripts/docs.ts', '--check', '--dir', definitions, '--out', docs]);
    expect(check.status).toBe(1);
    expect(check.output).toContain(join(docs, 'basic.md'));
    expect(check.output).toContain(join(docs, 'certificate-post.md'));
  });

  it('passes validate, docs and docs:check once npm run docs has run', () => {
    expect(run(['tsx', 'scripts/docs.ts', '--dir', definitions, '--out', docs]).status).toBe(0);
    expect(committedPaths('basic', docs)).toContainEqual(
      'q1 q2 q3 q4 q4a q5 q6 q7 q8 q9'.split(' '),
    );
    expect(committedPaths('certificate-post', docs)).toContainEqual('q1 q1a q2 q3 q4'.split(' '));
    const check = run(['tsx', 'scripts/docs.ts', '--check', '--dir', definitions, '--out', docs]);
    expect(check).toEqual({ status: 0, output: '' });
    const validate = run(['tsx', 'scripts/validate.ts', '--dir', definitions]);
    expect(validate.output).toMatch(/^12 definitions checked, 0 errors/m);
    expect(validate.status).toBe(0);
  });

  it('passes the definition and docs tests run on that folder', () => {
    const tests = run(
      ['vitest', 'run', '--reporter=verbose', 'tests/definitions', 'tests/scripts/docs.test.ts'],
      {
        SURVEY_DEFINITIONS: definitions,
        SURVEY_DOCS: docs,
      },
    );
    expect(tests.status, tests.output).toBe(0);
    expect(tests.output).toMatch(/Test Files +4 passed/);
    // The folder's tests really ran on the copy: one paths test per survey, the new one included.
    expect(tests.output).toContain(
      'certificate-post has exactly the paths its committed doc lists',
    );
  });

  it("gives the browser suite's journeys the new survey, along its documented paths", () => {
    const surveys = surveysIn(definitions);
    const added = surveys.find((s) => s.id === 'certificate-post')!;
    expect(added).toBeDefined();
    const walked = plansFor(added, docs).filter(
      (plan) => plan.style === 'minimal' && !plan.skipAll,
    );
    expect(walked.map((plan) => plan.pages).sort()).toEqual(
      committedPaths('certificate-post', docs).sort(),
    );
    const basic = plansFor(
      surveys.find((s) => s.id === 'basic')!,
      docs,
    );
    expect(basic.map((plan) => plan.pages.join(' '))).toContain('q1 q2 q3 q4 q4a q5 q6 q7 q8 q9');
  });
});
