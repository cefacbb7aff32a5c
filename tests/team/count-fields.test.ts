// The member's reader counts answers of choice questions only, for every role: a count of a
// contact field's or a free-text answer's values would tell a viewer what the pages hide.
import { describe, expect, it } from 'vitest';
import { allFields, isChoice } from '../../engine';
import { openSqliteStore } from '../../server/storage/sqlite';
import { teamReader } from '../../server/team/access/reader';
import { scopeRules } from '../../server/team/access/scope';
import { fixtureSurveys } from '../server/fixtures';

const surveys = fixtureSurveys();
const fields = [...surveys.values()].flatMap((s) => allFields(s));
const notChoice = [...new Set(fields.filter((f) => !isChoice(f)).map((f) => f.name))];
const choice = fields.find(isChoice)!.name;

describe('counting answers through the reader', () => {
  it.each(['viewer', 'analyst', 'admin'] as const)(
    'refuses every field that is not a choice question (%s)',
    async (role) => {
      expect(notChoice.length).toBeGreaterThan(0);
      const store = openSqliteStore(':memory:');
      const reader = teamReader(
        store.team,
        { id: 'm', email: 'm@example.gov.uk', role, created: new Date() },
        {
          surveys,
          rules: scopeRules(surveys.values()),
          now: () => new Date(),
          audit: async () => {},
        },
      );
      const counts = (name: string) => [
        () => reader.tally({}, [name]),
        () => reader.answerTally({}, [name]),
        () => reader.answerTallyByPeriod({}, [name], []),
        () => reader.answerPairs({}, [name, choice]),
      ];
      try {
        for (const name of notChoice)
          for (const count of counts(name))
            await expect(count(), name).rejects.toThrow(/not choice questions/);
        for (const count of counts(choice)) await expect(count()).resolves.toBeDefined();
      } finally {
        await store.close();
      }
    },
  );
});
