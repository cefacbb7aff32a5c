// The words page's figures for a segment, by the cheapest way that gives them exactly:
// - a survey, a language and whole UK days (every segment the page's form makes without answer
//   filters, a tag or a search): the store's kept counts, summed by the database
//   (server/storage/term-count-sql.ts), once the few responses not yet counted are counted;
// - any other segment (answer filters, a tag, contact details, a search), and any segment while
//   the kept counts are being made again: the answers read and counted here
//   (./frequent-words.ts), for up to FALLBACK_MAX responses; more are refused with a note.
import type { ResolvedSurvey } from '../../engine';
import type { FeedbackFilter } from '../storage/team-types';
import type { TeamReader } from './access';
import {
  frequentFromCounts,
  frequentWords,
  wordFields,
  type FrequentWords,
} from './frequent-words';

/** Words and phrases shown in each language. */
const LIMIT = 20;

/** How many uncounted responses a page waits for; with more it shows what is counted and says so. */
const CATCH_UP_NOW = 1000;

/** The most responses counted here, answer by answer (about 0.1 ms each at 100,000). */
export const FALLBACK_MAX = 5000;

export interface WordCounts {
  groups: FrequentWords[];
  /** Responses of the segment not counted yet (kept counts being made for them). */
  waiting: number;
  /** Not counted: too many responses for a count answer by answer. */
  refused?: 'tooMany' | 'workingOut';
}

export async function wordCounts(
  reader: TeamReader,
  surveys: Map<string, ResolvedSurvey>,
  filter: FeedbackFilter,
): Promise<WordCounts> {
  if (reader.wordsReady()) {
    let kept = await reader.keptTerms(filter, LIMIT, CATCH_UP_NOW);
    if (kept && kept.waiting > 0 && kept.waiting <= CATCH_UP_NOW) {
      await reader.catchUpWords();
      kept = await reader.keptTerms(filter, LIMIT, CATCH_UP_NOW);
    }
    if (kept) return { groups: frequentFromCounts(kept.counts, LIMIT), waiting: kept.waiting };
  }
  if ((await reader.count(filter)) > FALLBACK_MAX)
    return { groups: [], waiting: 0, refused: reader.wordsReady() ? 'tooMany' : 'workingOut' };
  const chosen = filter.surveyId ? [surveys.get(filter.surveyId)!] : [...surveys.values()];
  const fields = wordFields(chosen);
  return {
    groups: frequentWords(surveys, fields, await reader.answersOf(filter, fields), LIMIT),
    waiting: 0,
  };
}
