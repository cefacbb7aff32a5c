// Every error summary is the renderer's (renderers/ErrorSummary.tsx), which the server draws
// focusable and autofocused: so each page answering a failed submit, the respondent's and the
// team's, moves focus to its summary without a script. A summary written out by hand elsewhere
// would not, so none may be.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(tsx?|jsx?)$/.test(file))
    .map((file) => join(folder, file));
}

describe('error summaries', () => {
  it('are drawn only by the renderer, outside renderers/', () => {
    const handWritten = ['src', 'server']
      .flatMap(sources)
      .filter((file) =>
        /["'`]govuk-error-summary["'` ]/.test(readFileSync(join(ROOT, file), 'utf8')),
      );
    expect(handWritten).toEqual([]);
  });
});
