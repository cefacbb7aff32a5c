// What the feedback team's area (server/team) keeps in the store besides the feedback itself.
import type { MaskOptions } from './mask-sql';
import type { FeedbackRecord, Lang, NewFeedback } from './types';
import type { WordSource } from './words-sql';

export type Role = 'viewer' | 'analyst' | 'admin';

export interface Member {
  id: string;
  email: string;
  role: Role;
  created: Date;
}

/** A WebAuthn credential (passkey) registered by a member. */
export interface Credential {
  /** The credential id, base64url. */
  id: string;
  memberId: string;
  /** COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: string[];
}

/** A one-time enrolment link; only the sha-256 of its token is kept. */
export interface Invitation {
  tokenHash: string;
  email: string;
  role: Role;
  expires: Date;
  used: boolean;
}

/** A signed-in session; only the sha-256 of the cookie's value is kept. */
export interface Session {
  idHash: string;
  memberId: string;
  created: Date;
  lastSeen: Date;
  /** Began with single sign-on: signing out then also ends the session at the provider. */
  sso?: boolean;
}

/**
 * A single sign-on under way: what the provider's answer is checked against. Keyed by the
 * sha-256 of a random value in the browser's team cookie, so it belongs to that browser.
 */
export interface SsoPending {
  idHash: string;
  state: string;
  nonce: string;
  /** PKCE: the secret whose hash was sent with the authorization request. */
  codeVerifier: string;
  /** The language the sign-in started in, for the pages after it. */
  lang: Lang;
  /** The team page to go on to after it (checked when the sign-in started). */
  next?: string;
  expires: Date;
}

/** Who did what, when, to which record. Never feedback content. */
export interface AuditEntry {
  memberId: string | null;
  action: string;
  at: Date;
  target: string | null;
  /** The member's email address when it was done (they may since have been removed). */
  actor?: string;
}

export interface Tag {
  id: string;
  name: string;
}

/** Which responses a page or export is about; every part is optional and they all apply. */
export interface FeedbackFilter {
  surveyId?: string;
  /** Received at or after. */
  from?: Date;
  /** Received strictly before. */
  to?: Date;
  /** 'unknown' selects responses whose language was not recorded. */
  lang?: Lang | 'unknown';
  /** Answer field name -> the value it must have. */
  answers?: Record<string, string>;
  /**
   * Answer field name -> an Other answer: any value but these (sent in place of the option),
   * or one holding the option's English label (the text is sent after it).
   */
  otherAnswers?: Record<string, { notIn: string[] } | { label: string }>;
  /**
   * Answer field name -> a checkbox list that ticked an option: the sent list, with the join
   * before and after it, holds one of `patterns` (the option between joins) and, when `stops`
   * are given, holds it before any of them (an Other entry, which ends the list).
   */
  ticked?: Record<string, { join: string; patterns: string[]; stops: string[] }>;
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
  /** Responses with one of these words (or a word starting with a prefix) in the word index. */
  words?: { exact: string[]; prefixes: string[] };
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

/** A theme: a name and words or phrases in each language, matched over free-text answers. */
export interface Theme {
  id: string;
  name: string;
  terms: { en: string[]; cy: string[] };
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

export interface TeamStore {
  addMember(email: string, role: Role, now: Date): Promise<Member>;
  getMember(id: string): Promise<Member | undefined>;
  memberByEmail(email: string): Promise<Member | undefined>;
  listMembers(): Promise<Member[]>;
  setRole(memberId: string, role: Role): Promise<void>;
  /** Removes the member with their passkeys and sessions, so they are signed out at once. */
  removeMember(memberId: string): Promise<void>;

  addCredential(credential: Credential): Promise<void>;
  credential(id: string): Promise<Credential | undefined>;
  credentialsOf(memberId: string): Promise<Credential[]>;
  setCounter(id: string, counter: number): Promise<void>;

  addInvitation(invitation: Omit<Invitation, 'used'>): Promise<void>;
  invitation(tokenHash: string): Promise<Invitation | undefined>;
  /** Marks an unused, unexpired invitation used; false when it was not (so it works only once). */
  useInvitation(tokenHash: string, now: Date): Promise<boolean>;
  /** Invitations not used and not expired, soonest to expire first. */
  pendingInvitations(now: Date): Promise<Invitation[]>;
  /** Deletes an unused invitation; false when there was none. */
  withdrawInvitation(tokenHash: string): Promise<boolean>;
  /** Deletes every unused invitation for this email address; resolves to how many. */
  cancelInvitations(email: string): Promise<number>;

  addSession(session: Session): Promise<void>;
  session(idHash: string): Promise<Session | undefined>;
  touchSession(idHash: string, now: Date): Promise<void>;
  removeSession(idHash: string): Promise<void>;
  /** Removes sessions last seen before `idleCutoff` or created before `absoluteCutoff`. */
  removeExpiredSessions(idleCutoff: Date, absoluteCutoff: Date): Promise<number>;

  /**
   * Records a WebAuthn challenge (its sha-256) as answered until it expires; false when it
   * already was, so each challenge is accepted once.
   */
  useChallenge(hash: string, expires: Date): Promise<boolean>;
  /** Forgets answered challenges that expired before `now` (they are refused as expired anyway). */
  purgeUsedChallenges(now: Date): Promise<number>;

  addSsoPending(pending: SsoPending): Promise<void>;
  /** The pending sign-in, removed so it is used once; undefined when unknown or expired. */
  takeSsoPending(idHash: string, now: Date): Promise<SsoPending | undefined>;
  purgeSsoPending(now: Date): Promise<number>;

  audit(entry: AuditEntry): Promise<void>;
  /** Newest first. */
  auditLog(options: { limit: number; offset: number }): Promise<AuditEntry[]>;
  purgeAudit(cutoff: Date): Promise<number>;

  addTag(name: string): Promise<Tag>;
  listTags(): Promise<Tag[]>;
  /** Renames a tag; false when there is no such tag. */
  renameTag(id: string, name: string): Promise<boolean>;
  removeTag(id: string): Promise<void>;
  tag(feedbackId: string, tagId: string): Promise<void>;
  untag(feedbackId: string, tagId: string): Promise<void>;
  /** Tag ids of each of these responses. */
  tagsOf(feedbackIds: string[]): Promise<Map<string, string[]>>;

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
  /** The responses the filter chooses (with `words`: from the word index alone when it can). */
  wordMatches(filter: FeedbackFilter): Promise<{ id: string; receivedAt: Date }[]>;
  /** Counts for the figures, without reading every response into memory. */
  tallyFeedback(filter: FeedbackFilter, fields: string[]): Promise<FeedbackTally>;
  /**
   * Keeps per-day counts of these answer fields (survey id -> field names) in the database,
   * recounting a survey whose list changed; `tallyFeedback` then reads them for whole days.
   */
  keepTallies(fields: Record<string, string[]>): Promise<void>;
  /**
   * Keeps the word index of free-text answers with `source` (server/storage/words-sql.ts):
   * new responses' words from now on, and the stored ones of surveys whose fields changed.
   */
  keepWords(source: WordSource): Promise<void>;
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
  /** Cuts the words of responses stored without them (another writer); before a count. */
  catchUpWords(): Promise<void>;
  getFeedback(id: string): Promise<FeedbackRecord | undefined>;
  deleteFeedback(id: string): Promise<boolean>;

  /** Themes by name. */
  listThemes(): Promise<Theme[]>;
  /** The theme with its new id; undefined when another has that name. */
  addTheme(theme: Omit<Theme, 'id'>): Promise<Theme | undefined>;
  /** False when the theme is gone or another has that name. */
  updateTheme(theme: Theme): Promise<boolean>;
  removeTheme(id: string): Promise<boolean>;
}
