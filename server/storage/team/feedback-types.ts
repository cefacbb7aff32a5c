// What the team's pages ask of the stored responses: which ones (a filter), and the shapes the
// answers come back in. Types only.
import type { FeedbackRecord, Lang } from '../record';
import type { WordLookup } from '../words-sql';

/** One answer a response must have. */
export type AnswerMatch =
  /** The field's answer is exactly this (a radios option, or contact details for a role that sees them). */
  | { field: string; is: string }
  /** An Other text sent in place of its option: any answer but these options. */
  | { field: string; otherThan: string[] }
  /** An Other text sent after its option's English label: the answer holds the label. */
  | { field: string; holds: string }
  /**
   * A checkbox list that ticked an option: the sent list, with the join before and after it,
   * holds one of `patterns` (the option between joins) and, when `stops` are given, holds it
   * before any of them (an Other entry, which ends the list).
   */
  | { field: string; ticked: { join: string; patterns: string[]; stops: string[] } };

/** Which responses a page or export is about; every part is optional and they all apply. */
export interface FeedbackFilter {
  surveyId?: string;
  /** Received at or after. */
  from?: Date;
  /** Received strictly before. */
  to?: Date;
  /** 'unknown' selects responses whose language was not recorded. */
  lang?: Lang | 'unknown';
  /** Answers the responses must have, all of them (AND), any number, several of one field too. */
  answers?: AnswerMatch[];
  /** At least one of these answer fields is filled in (for example the contact fields). */
  anyOf?: string[];
  /** Case-insensitive substring of any answer, or of the answer to `textIn` when given. */
  text?: string;
  textIn?: string;
  /** Answer fields the text search leaves out (a viewer's search skips contact details). */
  textNotIn?: string[];
  tagId?: string;
  /**
   * Answers that may hold one of these texts in any case: a theme's first look, a superset
   * (on SQLite a key can match too) that the caller checks (server/team/themes.ts).
   */
  anyText?: string[];
  /** These responses only (ids). */
  ids?: string[];
  /** Responses with these words in the word index (server/storage/words-sql.ts, WordLookup). */
  words?: WordLookup;
  /** Responses matching this theme (its id), from its kept matches (../theme-match-sql.ts). */
  theme?: string;
}

/** A response's id, survey, time and some of its answers, in the order asked for. */
export interface AnswersRow {
  id: string;
  surveyId: string;
  receivedAt: Date;
  /** The language the respondent answered in (null when unknown). */
  lang: Lang | null;
  values: (string | null)[];
}

/**
 * What the team's figures are made from, counted by the database: responses by language and
 * by day (YYYY-MM-DD, UTC), and for each asked-for field how often each sent answer occurs.
 */
export interface FeedbackTally {
  byLang: { lang: string | null; n: number }[];
  byDay: { day: string; n: number }[];
  answers: { field: string; value: string; n: number }[];
}

export interface FeedbackReads {
  /** Newest first. */
  findFeedback(
    filter: FeedbackFilter,
    page: { limit: number; offset: number },
  ): Promise<FeedbackRecord[]>;
  countFeedback(filter: FeedbackFilter): Promise<number>;
  /**
   * Oldest first, the `limit` after `after` (keyset pagination, so an export reads page by page
   * at the same cost however far it has gone).
   */
  feedbackAfter(
    filter: FeedbackFilter,
    after: { receivedAt: Date; id: string } | undefined,
    limit: number,
  ): Promise<FeedbackRecord[]>;
  /**
   * The responses the filter chooses, in no order, with only what a theme count needs: id,
   * survey, time, and the answers to `fields` (null where not answered). Reads no other answer.
   */
  answersOf(filter: FeedbackFilter, fields: string[]): Promise<AnswersRow[]>;
  /**
   * The responses the filter chooses (with `words` or `theme`: from the word index or the
   * theme's matches alone when it can); with `page`, that page of them, newest first.
   */
  wordMatches(
    filter: FeedbackFilter,
    page?: { limit: number; offset: number },
  ): Promise<{ id: string; receivedAt: Date }[]>;
  /** Counts for the figures, without reading every response into memory. */
  tallyFeedback(filter: FeedbackFilter, fields: string[]): Promise<FeedbackTally>;
  /** The chosen responses by UK day ('YYYY-MM-DD'; with `theme`, from its matches alone). */
  dayCounts(filter: FeedbackFilter): Promise<{ day: string; n: number }[]>;
  /** The tally's answers alone (not by language and day). */
  answerTally(filter: FeedbackFilter, fields: string[]): Promise<FeedbackTally['answers']>;
  /**
   * The same in each period that `cuts` (instants in order, inside the filter's range) cut the
   * range into: one query for every period (a trend's weeks), not one a period.
   */
  answerTallyByPeriod(
    filter: FeedbackFilter,
    fields: string[],
    cuts: Date[],
  ): Promise<FeedbackTally['answers'][]>;
  getFeedback(id: string): Promise<FeedbackRecord | undefined>;
}
