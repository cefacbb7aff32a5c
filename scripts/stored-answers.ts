// `validate --against` with DATA_DIR or DATABASE_URL set: how many stored responses each removal
// touches, counted by the team's own read layer (the same filters as its figures), so an editor
// sees what a removal would orphan. Test submissions are not counted, as the team never sees them.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { allFields, resolveSurvey, type SharedBlocks } from '../engine';
import { choiceMatch } from '../server/team/filters';
import { openStore } from '../server/storage/index';
import type { FeedbackFilter } from '../server/storage/team-types';
import type { RemovalProblem } from '../engine/check/published';

/** The store the environment names, or undefined when it names none (or no SQLite file yet). */
async function namedStore(env: NodeJS.ProcessEnv) {
  if (env.DATABASE_URL) return openStore({ databaseUrl: env.DATABASE_URL, dataDir: '' });
  if (env.DATA_DIR && existsSync(join(env.DATA_DIR, 'feedback.sqlite')))
    return openStore({ dataDir: env.DATA_DIR });
  return undefined;
}

/** Each removal's message with the number of stored responses it touches; unchanged without a store. */
export async function withStoredCounts(
  problems: RemovalProblem[],
  shared: SharedBlocks,
  env: NodeJS.ProcessEnv = process.env,
): Promise<RemovalProblem[]> {
  if (problems.length === 0) return problems;
  const store = await namedStore(env);
  if (!store) return problems;
  try {
    const counted: RemovalProblem[] = [];
    for (const problem of problems) {
      const survey = resolveSurvey(problem.survey, shared);
      const field = allFields(survey).find((f) => f.name === problem.field);
      const page = /^Page (\S+) was removed/.exec(problem.message)?.[1];
      const pageFields = survey.pages.find((p) => p.id === page)?.fields.map((f) => f.name);
      let filter: FeedbackFilter | undefined;
      let what = 'in this survey';
      if (field && problem.option !== undefined) {
        filter = { answers: [choiceMatch(field, problem.option)] };
        what = 'chose it';
      } else if (field) {
        filter = { anyOf: [field.name] };
        what = 'answered it';
      } else if (pageFields?.length) {
        filter = { anyOf: pageFields };
        what = 'answered its questions';
      } else if (problem.survey.id && problem.message.startsWith('The survey ')) filter = {};
      if (!filter) {
        counted.push(problem);
        continue;
      }
      const n = await store.team.countFeedback({ surveyId: survey.id, ...filter });
      const responses = `${n.toLocaleString('en-GB')} stored response${n === 1 ? '' : 's'}`;
      counted.push({ ...problem, message: `${problem.message} (${responses} ${what})` });
    }
    return counted;
  } finally {
    await store.close();
  }
}
