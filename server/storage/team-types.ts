// What the feedback team's area (server/team) keeps in the store besides the feedback itself,
// by area (./team/*.ts), and the team's reads of the feedback (./team/feedback-types.ts).
import type { MaskOptions } from './mask-sql';
import type { NewFeedback } from './record';
import type { AuditStore } from './team/audit';
import type { CrossReads } from './team/crosstab';
import type { FeedbackReads } from './team/feedback-types';
import type { MemberStore } from './team/members';
import type { NoteStore } from './team/notes';
import type { SessionStore } from './team/sessions';
import type { TagStore } from './team/tags';
import type { TermReads } from './team/term-counts';
import type { ThemeStore } from './team/themes';
import type { KeptTerms } from './term-count-sql';
import type { WordSource } from './words-sql';
import type { ThemeSource } from './theme-match-sql';

export type { AuditEntry, AuditStore } from './team/audit';
export type { AnswerPair, CrossReads } from './team/crosstab';
export type {
  AnswerMatch,
  AnswersRow,
  FeedbackFilter,
  FeedbackReads,
  FeedbackTally,
} from './team/feedback-types';
export type { Credential, Invitation, Member, MemberStore, Role } from './team/members';
export type { Note, NoteStore } from './team/notes';
export type { Session, SessionStore, SsoPending } from './team/sessions';
export type { Tag, TagStore } from './team/tags';
export type { TermCount, TermReads } from './team/term-counts';
export type { Theme, ThemeStore } from './team/themes';

/** What keeps the team's derived data (counts, word index, masking) in step with the responses. */
export interface FeedbackUpkeep {
  /**
   * Keeps per-day counts of these answer fields (survey id -> field names) in the database,
   * recounting a survey whose list changed; `tallyFeedback` then reads them for whole days.
   */
  keepTallies(fields: Record<string, string[]>): Promise<void>;
  /**
   * Keeps the word index of free-text answers with `source` (server/storage/words-sql.ts):
   * new responses' words from now on, and the stored ones of surveys whose fields changed, in
   * batches; resolves when they are all cut (the service does not wait for it).
   */
  keepWords(source: WordSource): Promise<void>;
  /** Whether the word index is cut as the last `keepWords` source cuts it (and may be read). */
  wordsReady(): boolean;
  /**
   * Masks the answers of every stored response with `mask`, once per `pass` number (recorded in
   * the database; server/storage/mask-sql.ts); resolves to how many changed. Before `keepWords`,
   * which cuts the changed rows' words again. One instance at a time, resumable; `options`
   * report its progress.
   */
  maskStored(
    pass: number,
    mask: (surveyId: string, answers: Record<string, string>) => Record<string, string>,
    options?: MaskOptions,
  ): Promise<number>;
  /** The words a new response adds to the index; undefined before `keepWords` (cut later). */
  wordsOf(record: NewFeedback): string[] | undefined;
  /** What a new response adds to the word counts (./term-count-sql.ts), stored with its words. */
  termsOf(record: NewFeedback): KeptTerms | undefined;
  /** Cuts the words of responses stored without them (another writer); before a count, once
   *  the index is ready. */
  catchUpWords(): Promise<void>;
  deleteFeedback(id: string): Promise<boolean>;
  /**
   * Keeps each theme's matching responses with `source` (server/storage/theme-match-sql.ts):
   * new responses are matched as they are stored; resolves when the stored ones are matched.
   */
  keepThemes(source: ThemeSource): Promise<void>;
  /** The themes a new response matches, and the counter they were matched at (0: not yet). */
  themesOf(record: NewFeedback): { gen: number; ids: string[] };
  /**
   * Which themes' matches are complete, once the few responses waiting (if few) are matched;
   * with many waiting (a theme just added or changed), they are matched in the background.
   */
  themesReady(): Promise<(themeId: string) => boolean>;
}

export type TeamStore = MemberStore &
  SessionStore &
  AuditStore &
  TagStore &
  ThemeStore &
  NoteStore &
  FeedbackReads &
  CrossReads &
  TermReads &
  FeedbackUpkeep;
