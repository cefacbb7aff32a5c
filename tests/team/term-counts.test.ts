// The word and phrase counts the store keeps per UK day (server/storage/term-count-sql.ts), on
// SQLite and PostgreSQL: what a response adds is counted when it is stored, taken off by the
// retention purge and an admin's delete, and counted again when the masking pass changes it; a
// Welsh response counts under Welsh; and summed, they equal the count made answer by answer
// (server/team/frequent-words.ts) for generated bilingual text. Worked out by hand from the
// fixture surveys.
import { describe, expect, it } from 'vitest';
import { comment } from '../../scripts/bench-text';
import {
  frequentFromCounts,
  frequentWords,
  wordFields,
  type FrequentWords,
} from '../../server/team/frequent-words';
import { wordSource } from '../../server/team/word-source';
import type { FeedbackFilter } from '../../server/storage/team-types';
import type { StoreWithTeam } from '../../server/storage/types';
import { crosstabSurveys, XTAB_ONE } from './fixtures/crosstab-surveys';
import { openWorldStore } from './scope-world';

const surveys = crosstabSurveys();
const MARCH = (day: number) => new Date(Date.UTC(2026, 2, day, 10));

/** The words page's test responses (tests/team/words-page.test.ts), in March 2026 (GMT). */
const SENT: [number, 'en' | 'cy', Record<string, string>][] = [
  [2, 'en', { howToImprove: 'The phone line was slow', email: 'slow.person@example.com' }],
  [3, 'en', { howToImprove: 'Slow phone line and slow website' }],
  [4, 'en', { reasons: 'Told to, Another reason, website crashed' }],
  [5, 'en', { reasons: 'Quick', howToImprove: 'Ring me or write to jo.bloggs@example.com' }],
  [6, 'cy', { howToImprove: 'Roedd y llinell ffôn yn araf' }],
  [7, 'cy', { howToImprove: 'Araf iawn' }],
  [8, 'cy', { reasons: 'Quick' }],
];

const databases: [string, string | undefined][] = [
  ['SQLite', undefined],
  ...(process.env.TEST_DATABASE_URL ? [['PostgreSQL', 'term_counts'] as [string, string]] : []),
];

/** A store with the service's word source, holding `sent`; the ids in order. */
async function stored(schema: string | undefined, sent = SENT) {
  const store: StoreWithTeam = await openWorldStore(schema);
  await store.team.keepWords(wordSource(surveys));
  const ids: string[] = [];
  for (const [day, lang, answers] of sent) {
    const { id } = await store.save({
      surveyId: XTAB_ONE,
      definitionHash: 'h',
      receivedAt: MARCH(day),
      answers,
      lang,
    });
    ids.push(id);
  }
  return { store, ids };
}

/** The kept counts as the page shows them: per language, [text, responses]. */
async function kept(store: StoreWithTeam, filter: FeedbackFilter = {}) {
  const found = await store.team.keptTerms(filter, 20, 1000, [...surveys.keys()]);
  if (!found) throw new Error('not a filter the kept counts answer');
  return { groups: shown(frequentFromCounts(found.counts)), waiting: found.waiting };
}

const shown = (groups: FrequentWords[]) =>
  groups.map((g) => ({
    lang: g.lang,
    responses: g.responses,
    words: g.words.map((w) => [w.text, w.responses]),
    phrases: g.phrases.map((p) => [p.text, p.responses]),
  }));

const EN = {
  lang: 'en',
  responses: 4,
  words: [
    ['line', 2],
    ['phone', 2],
    ['slow', 2],
    ['website', 2],
    ['crashed', 1],
    ['ring', 1],
    ['write', 1],
  ],
  phrases: [
    ['phone line', 2],
    ['slow phone', 1],
    ['slow website', 1],
    ['website crashed', 1],
  ],
};
const CY = {
  lang: 'cy',
  responses: 2,
  words: [
    ['araf', 2],
    ['ffon', 1],
    ['llinell', 1],
  ],
  phrases: [['llinell ffon', 1]],
};

/** 300 responses from 1 to 28 March, 40% Welsh, long-tailed text (scripts/bench-text.ts). */
function generated(start: number): [number, 'en' | 'cy', Record<string, string>][] {
  // A fixed sequence: the same text every run.
  let seed = start;
  const random = () => ((seed = (seed * 48271) % 2147483647) - 1) / 2147483646;
  return Array.from({ length: 300 }, (_, i) => {
    const lang = random() < 0.4 ? 'cy' : 'en';
    const answers: Record<string, string> = { howToImprove: comment(random, lang === 'cy') };
    if (random() < 0.3) answers.reasons = `Quick, Another reason, ${comment(random, false)}`;
    if (random() < 0.2) answers.email = 'someone.typed@example.com';
    return [1 + (i % 28), lang, answers];
  });
}

/** For each filter, the kept counts rank as the answers read and counted one by one. */
async function expectAsCountedByAnswer(store: StoreWithTeam, filters: FeedbackFilter[]) {
  const fields = wordFields(surveys.values());
  for (const filter of filters) {
    const byAnswer = frequentWords(surveys, fields, await store.team.answersOf(filter, fields));
    expect(byAnswer.length, JSON.stringify(filter)).toBeGreaterThan(0);
    expect((await kept(store, filter)).groups, JSON.stringify(filter)).toEqual(shown(byAnswer));
  }
}

describe.each(databases)('the kept word counts on %s', (_name, schema) => {
  const own = (name: string) => schema && `${schema}_${name}`;

  it('count what each response adds when it is stored, Welsh under Welsh', async () => {
    const { store } = await stored(own('stored'));
    expect(await kept(store)).toEqual({ groups: [EN, CY], waiting: 0 });
    expect((await kept(store, { lang: 'cy' })).groups).toEqual([CY]);
    // A survey no longer served (its responses still kept) is not counted, as the page's count
    // answer by answer skips it.
    expect((await store.team.keptTerms({}, 20, 1000, ['another-survey']))!.counts).toEqual([]);
    // 3 to 5 March: the 3rd and 4th (to is the next day's start).
    const days = await kept(store, { from: new Date('2026-03-03'), to: new Date('2026-03-05') });
    expect(days.groups).toEqual([
      {
        lang: 'en',
        responses: 2,
        words: [
          ['website', 2],
          ['crashed', 1],
          ['line', 1],
          ['phone', 1],
          ['slow', 1],
        ],
        phrases: [
          ['phone line', 1],
          ['slow phone', 1],
          ['slow website', 1],
          ['website crashed', 1],
        ],
      },
    ]);
    await store.close();
  });

  it('lose a response taken by the retention purge, and its emptied rows', async () => {
    const { store } = await stored(own('purge'));
    await store.deleteOlderThan(new Date('2026-03-03T00:00:00Z'));
    const [en] = (await kept(store)).groups;
    expect(en).toEqual({
      ...EN,
      responses: 3,
      words: [
        ['website', 2],
        ['crashed', 1],
        ['line', 1],
        ['phone', 1],
        ['ring', 1],
        ['slow', 1],
        ['write', 1],
      ],
      phrases: [
        ['phone line', 1],
        ['slow phone', 1],
        ['slow website', 1],
        ['website crashed', 1],
      ],
    });
    expect(await kept(store, { to: new Date('2026-03-03') })).toEqual({ groups: [], waiting: 0 });
    await store.close();
  });

  it('lose a response an admin deletes', async () => {
    const { store, ids } = await stored(own('deleted'));
    expect(await store.team.deleteFeedback(ids[5]!)).toBe(true);
    expect((await kept(store)).groups).toEqual([
      EN,
      {
        lang: 'cy',
        responses: 1,
        words: [
          ['araf', 1],
          ['ffon', 1],
          ['llinell', 1],
        ],
        phrases: [['llinell ffon', 1]],
      },
    ]);
    await store.close();
  });

  it('count a response again when the masking pass changes it, saying so until then', async () => {
    const { store } = await stored(own('masked'));
    const masked = await store.team.maskStored(9_001, (_survey, answers) =>
      Object.fromEntries(Object.entries(answers).map(([k, v]) => [k, v.replace(/slow/gi, 'late')])),
    );
    expect(masked).toBe(2);
    // The two changed responses are not counted until their words are cut again.
    const before = await kept(store);
    expect(before.waiting).toBe(2);
    expect(before.groups[0]!.responses).toBe(2);
    await store.team.catchUpWords();
    expect(await kept(store)).toEqual({
      groups: [
        {
          ...EN,
          words: [
            ['late', 2],
            ['line', 2],
            ['phone', 2],
            ['website', 2],
            ['crashed', 1],
            ['ring', 1],
            ['write', 1],
          ],
          phrases: [
            ['phone line', 2],
            ['late phone', 1],
            ['late website', 1],
            ['website crashed', 1],
          ],
        },
        CY,
      ],
      waiting: 0,
    });
    await store.close();
  });

  it('equal the count answer by answer for generated bilingual text, in any period and language', async () => {
    const { store } = await stored(own('generated'), generated(35));
    await expectAsCountedByAnswer(store, [
      {},
      { lang: 'cy' as const },
      { surveyId: XTAB_ONE, from: new Date('2026-03-08'), to: new Date('2026-03-20') },
    ]);
    await store.close();
  });

  // Only the words with the highest counts over every response are summed for a period (the
  // rest cannot rank): long-tailed text, whose top words in one day or one language are not
  // the top words overall, and counts that went down (purge, delete, masking) must still rank
  // exactly as the answers do.
  it('rank exactly when a period or language has other top words, after counts went down', async () => {
    const { store, ids } = await stored(own('long_tail'), generated(41));
    await store.deleteOlderThan(MARCH(3));
    for (const id of ids.slice(100, 130)) await store.team.deleteFeedback(id);
    await store.team.maskStored(9_001, (_survey, answers) =>
      Object.fromEntries(Object.entries(answers).map(([k, v]) => [k, v.replace(/the/gi, 'a')])),
    );
    await store.team.catchUpWords();
    await expectAsCountedByAnswer(store, [
      {},
      { lang: 'en' as const },
      { lang: 'cy' as const },
      // Whole UK days (GMT in March).
      ...[4, 11, 17, 28].map((day) => ({
        from: new Date(Date.UTC(2026, 2, day)),
        to: new Date(Date.UTC(2026, 2, day + 1)),
      })),
      { lang: 'cy' as const, from: new Date('2026-03-20'), to: new Date('2026-03-27') },
    ]);
    await store.close();
  });
});
