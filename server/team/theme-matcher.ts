// Which themes a response matches, for the store's kept matches (server/storage/theme-match-sql.ts):
// a theme matches when one of the texts the respondent typed holds one of its terms, with the
// Welsh mutated forms in Welsh answers only (./themes.ts). Never a test submission.
import type { ResolvedSurvey } from '../../engine';
import type { MatchedTheme, ThemeSource } from '../storage/theme-match-sql';
import type { Lang } from '../storage/types';
import { fold } from './fold';
import { freeTextsBy, themePattern } from './themes';

export function themeMatcher(surveys: Map<string, ResolvedSurvey>): ThemeSource {
  // Each theme's expressions by revision and language, made once.
  const patterns = new Map<string, RegExp>();
  const patternOf = (theme: MatchedTheme, lang: Lang | null) => {
    const key = `${theme.id} ${theme.rev} ${lang}`;
    let pattern = patterns.get(key);
    if (!pattern) {
      if (patterns.size > 10_000) patterns.clear();
      pattern = themePattern({ id: theme.id, name: '', terms: theme.terms }, lang);
      patterns.set(key, pattern);
    }
    return pattern;
  };
  return {
    matches(record, themes) {
      if (record.test || !themes.length) return [];
      const lang = record.lang ?? null;
      // Folded once for all the themes, as `matches` (./themes.ts) folds them.
      const texts = freeTextsBy(surveys.get(record.surveyId), (name) => record.answers[name]).map(
        fold,
      );
      if (!texts.length) return [];
      return themes
        .filter((theme) => texts.some((text) => patternOf(theme, lang).test(text)))
        .map((theme) => theme.id);
    },
  };
}
