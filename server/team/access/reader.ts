// The team's one way to read feedback: a reader made for the signed-in member. Every read goes
// through the member's scope (./scope.ts): a filter is limited to what their role may use, a
// personal search or filter by a role that may use it is audited (once a request, naming the
// parts, never the values), and records come back as the role may see them. Pages get no other
// handle on the responses (server/team/context.ts), so a page added later is scoped as these are.
import type { ResolvedSurvey } from '../../../engine';
import { SearchTimeout } from '../../storage/sql';
import type {
  AnswerPair,
  AnswersRow,
  AuditEntry,
  AuditStore,
  CrossReads,
  FeedbackFilter,
  FeedbackReads,
  FeedbackTally,
  FeedbackUpkeep,
  Member,
  Note,
  NoteStore,
  Tag,
  TagStore,
  TermCount,
  TermReads,
  Theme,
  ThemeStore,
} from '../../storage/team-types';
import type { FeedbackRecord } from '../../storage/types';
import { MASK } from '../privacy';
import {
  allOf,
  filterQuery,
  parseFilter,
  type FilterOptions,
  type ParsedFilter,
  type QueryValues,
} from '../filters';
import { scopeFilter, visibleRecord, type FilterPart, type ScopeRules } from './scope';

/** The raw reads a reader is made over (the store's; never handed to a page). */
export type RawReads = FeedbackReads &
  CrossReads &
  TermReads &
  Pick<FeedbackUpkeep, 'catchUpWords' | 'wordsReady' | 'themesReady'> &
  Pick<TagStore, 'listTags' | 'tagsOf'> &
  Pick<ThemeStore, 'listThemes'> &
  Pick<NoteStore, 'listNotes'> &
  Pick<AuditStore, 'auditLog' | 'auditCount'>;

/** A page's filter as the member's role allows it. */
export interface Segment extends ParsedFilter {
  /** Parts of the query the role may not use: left out of `filter`, `kept` and `query`. */
  refused: FilterPart[];
  /** The query as asked, less what the role may not use (for the form and the language link). */
  query: QueryValues;
  /** The filter as the audit may record it (an export's): its values, but a search's and those
   *  of answers on personal data as `[…]` (`survey=basic&answer=email:[…]&q=[…]`). */
  described: string;
}

export interface TeamReader {
  readonly member: Member;
  /** The page's query read as a filter (server/team/filters.ts) and limited to the role. */
  segment(
    q: QueryValues,
    options?: Omit<FilterOptions, 'surveys' | 'now' | 'tags'>,
  ): Promise<Segment>;
  count(filter: FeedbackFilter): Promise<number>;
  /** Newest first, a page at a time. */
  list(filter: FeedbackFilter, page: { limit: number; offset: number }): Promise<FeedbackRecord[]>;
  /** Oldest first, the `limit` after `after` (the export's pages). */
  after(
    filter: FeedbackFilter,
    after: { receivedAt: Date; id: string } | undefined,
    limit: number,
  ): Promise<FeedbackRecord[]>;
  /** Responses by language and day, and how often each answer to `fields` occurs. */
  tally(filter: FeedbackFilter, fields: string[]): Promise<FeedbackTally>;
  /** The chosen responses by UK day ('YYYY-MM-DD'). */
  dayCounts(filter: FeedbackFilter): Promise<{ day: string; n: number }[]>;
  /** How often each answer to `fields` occurs (the tally's answers alone). */
  answerTally(filter: FeedbackFilter, fields: string[]): Promise<FeedbackTally['answers']>;
  /** The same in each period `cuts` cut the filter's range into (a trend's weeks, in one query). */
  answerTallyByPeriod(
    filter: FeedbackFilter,
    fields: string[],
    cuts: Date[],
  ): Promise<FeedbackTally['answers'][]>;
  /**
   * How often each pair of answers to two choice questions occurs among the chosen responses (a
   * crosstab's counts). Choice questions only, whatever the role: a contact field or free text
   * is refused here, so no page can count responses by a value a viewer may not see.
   */
  answerPairs(filter: FeedbackFilter, fields: [string, string]): Promise<AnswerPair[]>;
  /** The chosen responses' answers to `fields` only (a theme's look at free text). */
  answersOf(filter: FeedbackFilter, fields: string[]): Promise<AnswersRow[]>;
  /**
   * The kept word counts (server/storage/team/term-counts.ts) of the chosen responses, when
   * the filter is one they answer (else undefined). Contact details are never in them.
   */
  keptTerms(
    filter: FeedbackFilter,
    limit: number,
    waitingLimit: number,
  ): Promise<{ counts: TermCount[]; waiting: number } | undefined>;
  /** Cuts (and counts) the words of responses stored without them: few, or it takes long. */
  catchUpWords(): Promise<void>;
  /** Whether `words` may be read (the word index is cut as the service cuts it). */
  wordsReady(): boolean;
  /** The chosen responses' ids and times (with `words`, from the word index); with `page`,
   *  that page of them, newest first. */
  matches(
    filter: FeedbackFilter,
    page?: { limit: number; offset: number },
  ): Promise<{ id: string; receivedAt: Date }[]>;
  /** Which themes' kept matches are complete and may be counted (`theme` in a filter). */
  themesReady(): Promise<(themeId: string) => boolean>;
  /** One response, as the role may see it; undefined when there is none. */
  response(id: string): Promise<FeedbackRecord | undefined>;
  tags(): Promise<Tag[]>;
  tagsOf(ids: string[]): Promise<Map<string, string[]>>;
  themes(): Promise<Theme[]>;
  /** The team's dated notes, oldest first; those on UK days in [from, to] when given. */
  notes(days?: { from: string; to: string }): Promise<Note[]>;
  /** The audit log, newest first: an admin's only. */
  auditLog(page: { limit: number; offset: number }): Promise<AuditEntry[]>;
  /** How many entries the audit log holds: an admin's only. */
  auditCount(): Promise<number>;
}

export interface ReaderOptions {
  surveys: Map<string, ResolvedSurvey>;
  rules: ScopeRules;
  now: () => Date;
  /** Records a personal search or filter for this request. */
  audit(target: string): Promise<void>;
}

/** A reader for `member` over `raw`; one per request (its audit is once per request). */
export function teamReader(raw: RawReads, member: Member, options: ReaderOptions): TeamReader {
  const { role } = member;
  const audited = new Set<string>();
  /** The filter as the role may use it; its personal parts audited once. */
  const scoped = async (filter: FeedbackFilter) => {
    const limited = scopeFilter(filter, role, options.rules);
    const target = limited.audited.join('; ');
    if (target && !audited.has(target)) {
      audited.add(target);
      await options.audit(target);
    }
    return limited;
  };
  const seen = (record: FeedbackRecord) => visibleRecord(record, role, options.rules);
  // Counts of answers are of choice questions only, whatever the role: a count by a contact
  // field or free text would tell a viewer what it hides.
  const choiceOnly = <T extends string[]>(fields: T): T => {
    const notChoice = fields.filter((f) => !options.rules.choice.has(f));
    if (notChoice.length) throw new Error(`not choice questions: ${notChoice.join(', ')}`);
    return fields;
  };
  const adminOnly = () => {
    if (role !== 'admin') throw new Error('the audit log is read by admins only');
  };
  return {
    member,
    async segment(q, segmentOptions = {}) {
      const parsed = parseFilter(q, {
        ...segmentOptions,
        surveys: options.surveys,
        now: options.now(),
        tags: await raw.listTags(),
      });
      const limited = await scoped(parsed.filter);
      const kept = { ...parsed.kept };
      const query = { ...q };
      const refusedAnswer = (a: string) =>
        limited.refusedFields.includes(a.trim().slice(0, a.trim().indexOf(':')));
      for (const part of limited.refused) {
        if (part === 'answer') {
          kept.answer = kept.answer?.filter((a) => !refusedAnswer(a));
          query.answer = allOf(query.answer).filter((a) => !refusedAnswer(a));
        } else {
          delete kept[part];
          delete query[part];
        }
      }
      if (!kept.answer?.length) delete kept.answer;
      // A search's words are never recorded: they may name someone whatever they look like.
      const hidden = (key: string, value: string) =>
        key === 'q' ||
        (key === 'answer' && limited.personalFields.includes(value.slice(0, value.indexOf(':'))));
      const described = [...new URLSearchParams(filterQuery(kept))]
        .map(([key, value]) =>
          !hidden(key, value)
            ? `${key}=${value}`
            : key === 'answer'
              ? `${key}=${value.slice(0, value.indexOf(':'))}:${MASK}`
              : `${key}=${MASK}`,
        )
        .join('&');
      return {
        ...parsed,
        filter: limited.filter,
        kept,
        query,
        refused: limited.refused,
        described,
      };
    },
    async count(filter) {
      const limited = (await scoped(filter)).filter;
      // A count of words reads the word index: the responses another instance stored are cut first.
      if (limited.words) await raw.catchUpWords();
      return raw.countFeedback(limited);
    },
    list: async (filter, page) =>
      (await raw.findFeedback((await scoped(filter)).filter, page)).map(seen),
    after: async (filter, after, limit) =>
      (await raw.feedbackAfter((await scoped(filter)).filter, after, limit)).map(seen),
    tally: async (filter, fields) =>
      raw.tallyFeedback((await scoped(filter)).filter, choiceOnly(fields)),
    dayCounts: async (filter) => raw.dayCounts((await scoped(filter)).filter),
    answerTally: async (filter, fields) =>
      raw.answerTally((await scoped(filter)).filter, choiceOnly(fields)),
    answerTallyByPeriod: async (filter, fields, cuts) =>
      raw.answerTallyByPeriod((await scoped(filter)).filter, choiceOnly(fields), cuts),
    answerPairs: async (filter, fields) => {
      choiceOnly(fields);
      const limited = (await scoped(filter)).filter;
      if (limited.words) await raw.catchUpWords();
      return raw.answerPairs(limited, fields);
    },
    answersOf: async (filter, fields) => {
      // Only answers the role may see are read.
      const allowed =
        role === 'viewer' ? fields.filter((f) => !options.rules.contact.has(f)) : fields;
      const limited = (await scoped(filter)).filter;
      if (limited.words) await raw.catchUpWords();
      const rows = await raw.answersOf(limited, allowed);
      if (allowed.length === fields.length) return rows;
      const at = fields.map((f) => allowed.indexOf(f));
      return rows.map((r) => ({ ...r, values: at.map((i) => (i < 0 ? null : r.values[i]!)) }));
    },
    // Of the surveys served only, as a count answer by answer reads them.
    keptTerms: async (filter, limit, waitingLimit) =>
      raw.keptTerms((await scoped(filter)).filter, limit, waitingLimit, [
        ...options.surveys.keys(),
      ]),
    catchUpWords: () => raw.catchUpWords(),
    wordsReady: () => raw.wordsReady(),
    async matches(filter, page) {
      const limited = (await scoped(filter)).filter;
      if (limited.words) await raw.catchUpWords();
      return raw.wordMatches(limited, page);
    },
    themesReady: () => raw.themesReady(),
    response: async (id) => {
      const record = await raw.getFeedback(id);
      return record && seen(record);
    },
    tags: () => raw.listTags(),
    tagsOf: (ids) => raw.tagsOf(ids),
    themes: () => raw.listThemes(),
    notes: (days) => raw.listNotes(days),
    async auditLog(page) {
      adminOnly();
      return raw.auditLog(page);
    },
    async auditCount() {
      adminOnly();
      return raw.auditCount();
    },
  };
}

/** True for a search that went past its time budget (the pages that do not say so inline refuse it). */
export const isSearchTimeout = (error: unknown) => error instanceof SearchTimeout;

/** What `work` finds, or undefined when a search in it went past its time budget. */
export async function withinBudget<T>(work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SearchTimeout) return undefined;
    throw error;
  }
}
