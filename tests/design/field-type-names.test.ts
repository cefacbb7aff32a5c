// Outside engine/fields nothing tests a field's type by its name: it asks the type's module
// (eslint.config.js), so a new type cannot be missed by a place the compiler does not see. Here:
// the rule finds each way of naming a type wherever it applies. That no file does is
// `npm run lint`'s to say (part of `npm test`), over every file, a new one included.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const RULE = 'no-restricted-syntax';

// Each way of asking a field's type by name, and one comparison that is not about a field type.
const BY_NAME = `declare const field: { type: string } | undefined;
export const a = field?.type === 'radios';
export const b = 'textarea' !== field!.type;
export function c() {
  switch (field!.type) {
    case 'email':
      return 1;
    default:
      return 0;
  }
}
export const d = ['text', 'checkboxes'].includes(field!.type);
export const e = field?.type === 'rule';
`;

async function byNameLines(eslint: ESLint, filePath: string): Promise<number[]> {
  const [result] = await eslint.lintText(BY_NAME, { filePath });
  return result!.messages.filter((m) => m.ruleId === RULE).map((m) => m.line);
}

describe("field types are asked, not named, outside the types' own modules", () => {
  // Only this rule runs: the others are npm run lint's, and cost most of the time.
  const eslint = new ESLint({ ruleFilter: ({ ruleId }) => ruleId === RULE });

  it('refuses each way of naming a type on the team pages, privacy, the docs, the app and the engine', async () => {
    for (const place of [
      'server/team/questions.tsx',
      'server/team/privacy.ts',
      'scripts/docs.ts',
      'src/pages/QuestionPage.tsx',
      'engine/step.ts',
      'engine/check/fields.ts',
    ])
      expect({ place, lines: await byNameLines(eslint, place) }).toEqual({
        place,
        lines: [2, 3, 6, 12],
      });
  }, 60_000);

  it("lets the types' own modules name them", async () => {
    expect(await byNameLines(eslint, 'engine/fields/radios.ts')).toEqual([]);
  }, 60_000);
});
