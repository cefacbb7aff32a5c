// The respondent's side of a page served without JavaScript: the draft named in the address,
// and the answer to a posted form (Post/Redirect/Get). The route table calls `post` through its
// request context; see src/serverContext.ts.
import {
  allFields,
  findPage,
  isLang,
  NO_SESSION,
  sessionAt,
  type Answers,
  type Lang,
  type ResolvedSurvey,
  type Session,
} from '../../engine';
import { step } from '../../engine/step';
import { randomBytes } from 'node:crypto';
import { data } from 'react-router-dom';
import { answersFromForm, type PostedForm } from '../../engine/form';
import { surveyPath, withDraft } from '../../src/paths';
import { SAVED_ANSWERS_FIELD } from '../../src/savedState';
import {
  BACK_TO_ANSWERS_FIELD,
  SUBMISSION_KEY_FIELD,
  type PostedPage,
  type ServerContext,
} from '../../src/serverContext';
import type { SurveyData } from '../../src/store';
import { SUBMISSION_KEY } from '../storage/submission-key';
import type { StoreWithTeam } from '../storage/types';
import type { SubmissionCap } from '../submissionCap';
import { storeSubmission } from '../submissions';
import { withholdPersonalData } from '../../masking/index';
import { postPage } from './post';
import { draftSession, type DraftSession } from './draftSession';

/** What a busy service asks a respondent to wait before sending again (`Retry-After`, seconds). */
const RETRY_AFTER_S = 60;

export interface NoJsOptions {
  surveys: Map<string, ResolvedSurvey>;
  store: StoreWithTeam;
  clock: () => Date;
  /** Accepted submissions per minute, shared with the feedback API (server/submissionCap.ts). */
  cap: SubmissionCap;
  /** PREVIEW=true: a draft made by the preview sends test submissions (ignored otherwise). */
  preview?: boolean;
}

/** The address of a survey screen, with the draft when there is one: the app's own mapping. */
const pathOf = (lang: Lang, survey: ResolvedSurvey, target: string, draft?: string | null) =>
  withDraft(surveyPath(lang, survey, target), draft);

const seeOther = (location: string) =>
  new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });

/** A posted form as lists of values per name (checkboxes repeat their name). */
export async function postedForm(request: Request): Promise<PostedForm> {
  // No prototype: a posted name such as `constructor` or `__proto__` is only a name.
  const form: PostedForm = Object.create(null) as PostedForm;
  const body = await request.formData().catch(() => new FormData());
  for (const name of new Set(body.keys())) {
    const values = body.getAll(name).filter((value) => typeof value === 'string');
    form[name] = values.length === 1 ? values[0] : values;
  }
  return form;
}

/** The request context for rendering one page: the draft's state, and the form handler. */
export async function contextFor(
  url: URL,
  options: NoJsOptions,
): Promise<
  ServerContext & { draftStatus: 'none' | 'live' | 'gone'; posted?: PostedPage | undefined }
> {
  const token = url.searchParams.get('draft');
  const sessions = draftSession(options.store.drafts, token, options.clock);
  // The engine judges the hour: a run idle too long is none (and its draft goes when written).
  const read = token ? sessionAt(await sessions.read(), options.clock().getTime()) : null;
  const held = sessions.held();
  // A visit is activity; it also shows a page held after a post with errors, once.
  if (read) await sessions.write(read);
  const live = sessions.token();
  const state: SurveyData | null = read && {
    ...read,
    test: Boolean(options.preview && sessions.isTest()),
  };
  return {
    state,
    draft: live,
    draftStatus: live ? 'live' : token ? 'gone' : 'none',
    posted: heldFor(url.pathname, held),
    // 128 random bits per form drawn: not personal data, never logged (posted, not in the address).
    newSubmissionKey: () => randomBytes(16).toString('base64url'),
    post: (request, params) => answerPost(request, params, state, sessions, options),
  };
}

/** A page posted with errors, held in the draft for the address it is shown at. */
interface Held {
  at: string;
  posted: PostedPage;
}

/** The held page when it is for this address (any other page is drawn as it stands). */
function heldFor(path: string, held: unknown): PostedPage | undefined {
  const { at, posted } = (held ?? {}) as Partial<Held>;
  return at === path ? posted : undefined;
}

/** The session a post continues: the live draft's; for a one-page survey, or a run carried from
 *  the browser's storage by a form posted before the app arrived, the page step's Start. */
function sessionFor(
  survey: ResolvedSurvey,
  state: Session | null,
  posted: PostedForm,
  now: number,
): Session {
  const stored = state ?? NO_SESSION;
  const single = survey.layout === 'single';
  const carried = single ? undefined : carriedAnswers(survey, posted[SAVED_ANSWERS_FIELD]);
  if (!single && !carried) return stored;
  const started = step(survey, stored, { kind: 'start', carried }, now);
  return 'session' in started ? started.session : stored;
}

async function answerPost(
  request: Request,
  params: Record<string, string | undefined>,
  state: SurveyData | null,
  sessions: DraftSession,
  options: NoJsOptions,
) {
  const { surveys, store, clock } = options;
  const survey = surveys.get(params.survey ?? '');
  const lang = params.lang;
  if (!survey || !isLang(lang)) throw data(null, { status: 404 });
  const now = clock().getTime();
  const to = (target: string, draft?: string | null) =>
    seeOther(pathOf(lang, survey, target, draft));

  // Start (multi-page survey): a fresh draft, then the first page.
  if (!params.page && survey.layout !== 'single') {
    const started = step(survey, NO_SESSION, { kind: 'start' }, now);
    if (started.kind !== 'go') throw new Error('Start always goes to a page');
    const fresh = draftSession(store.drafts, null, clock);
    await fresh.write(started.session);
    return to(started.to, fresh.token());
  }
  const page = survey.layout === 'single' ? survey.pages[0] : findPage(survey, params.page ?? '');
  if (!page) throw data(null, { status: 404 });
  const posted = await postedForm(request);
  // The "try again later" page's button: the form drawn again, filled in as posted (a one-page
  // survey over its limit, or any page posted while the database was out of reach).
  if (posted[BACK_TO_ANSWERS_FIELD] !== undefined)
    return { answers: answersFromForm(page, posted, {}), errors: [] } satisfies PostedPage;
  const session = sessionFor(survey, state, posted, now);
  // A send withholds personal data in what was typed, before the rest is cleaned.
  const result = postPage(survey, page, session, posted, now, withholdPersonalData);
  if (result.kind === 'missing') throw data(null, { status: 404 });
  if (result.kind === 'errors') {
    // Post/Redirect/Get: the page with its errors and what was typed is held in the draft (a new
    // one when there was none) and shown once at its address, so the browser's Back and reload
    // never ask to send a form again (docs/architecture.md).
    await sessions.write(session);
    const held: PostedPage = { answers: result.answers, errors: result.errors };
    if (result.suggestion) held.suggestion = result.suggestion;
    const at = pathOf(lang, survey, page.id);
    const token = sessions.token();
    if (!token) throw new Error('A page with errors belongs to a run under way');
    await store.drafts.hold(token, { at, posted: held } satisfies Held);
    return seeOther(withDraft(at, token));
  }
  if (result.kind === 'go' || result.kind === 'show') {
    // Finish or timeout: nothing under way to keep (a run the hour ended is deleted).
    await sessions.write(result.session);
    const target = result.kind === 'go' ? result.to : page.id;
    return to(target, result.session.inProgress ? sessions.token() : undefined);
  }
  const sent = () => {
    const done = step(survey, result.session, { kind: 'sent' }, now);
    return to(done.kind === 'go' ? done.to : 'finish');
  };
  // The form's one-time key (a one-page survey's). A form without one (a page drawn before keys)
  // still sends.
  const key = submissionKeyOf(posted);
  const draft = sessions.token();
  return oneAtATime(draft ?? key, async (waited) => {
    // A post that waited for another of its form or draft finds it sent (a double tap, two
    // tabs, Back and Send again): the finish page, before the cap.
    if (waited && draft && (await store.drafts.read(draft))?.sent) return sent();
    // Stored as the feedback API stores it: the same check of the whole path, read back from
    // what is sent; a form's key or a draft sent already adds nothing.
    const outcome = await storeSubmission(options, {
      survey,
      body: result.submission,
      lang,
      ...(key ? { key } : {}),
      ...(draft ? { draft } : {}),
      // Only a draft of the preview's, and only while PREVIEW=true (contextFor).
      ...(state?.test && draft ? { test: true } : {}),
    });
    if (outcome.kind === 'invalid') throw data(null, { status: 400 });
    if (outcome.kind === 'busy') {
      // Too busy: nothing typed is lost. The answers wait in the draft (a new one for a one-page
      // survey) and the page says to try again later, with a way back to them.
      await sessions.write(result.session);
      const busy: PostedPage = {
        answers: result.session.answers,
        errors: [],
        unavailable: {
          reason: 'busy',
          kept: 'server',
          back: pathOf(lang, survey, page.id, sessions.token()),
        },
      };
      return data(busy, { status: 503, headers: { 'retry-after': String(RETRY_AFTER_S) } });
    }
    return sent();
  });
}

/** Sends of one form (its key) or one draft in progress in this process, latest last. */
const sending = new Map<string, Promise<unknown>>();

/** Runs `work` after any other work on `id` in this process has ended (`waited` says whether
 *  there was some): a double tap's second post then finds the first stored, instead of being
 *  refused by the cap the first took. Across instances the store's unique key and the draft's
 *  row lock still keep it to one row. */
async function oneAtATime<T>(
  id: string | null | undefined,
  work: (waited: boolean) => Promise<T>,
): Promise<T> {
  if (!id) return work(false);
  const before = sending.get(id);
  const mine = before
    ? before.then(
        () => work(true),
        () => work(true),
      )
    : work(false);
  sending.set(id, mine);
  try {
    return await mine;
  } finally {
    if (sending.get(id) === mine) sending.delete(id);
  }
}

/** The submission key a form carries, when it is one (server/storage/submission-key.ts). */
function submissionKeyOf(posted: PostedForm): string | undefined {
  const key = posted[SUBMISSION_KEY_FIELD];
  return typeof key === 'string' && SUBMISSION_KEY.test(key) ? key : undefined;
}

/** A post over the client's limit is not read into the store: writing a draft for every refused
 *  post would let a client past its limit fill it. The "try again later" page carries the form as
 *  posted back to the browser instead, with a button that posts it again to draw the page filled
 *  in (a draft keeps what it held before). Start, refused, has no answers yet: its page says
 *  nothing is kept and leads back to the start page (docs/architecture.md). */
export async function refusedPost(
  request: Request,
  params: Record<string, string | undefined>,
  status: number,
  options: NoJsOptions,
): Promise<Response | ReturnType<typeof data<PostedPage>>> {
  const survey = options.surveys.get(params.survey ?? '');
  const lang = params.lang;
  if (!survey || !isLang(lang)) throw data(null, { status });
  const refused = (unavailable: NonNullable<PostedPage['unavailable']>) =>
    data({ answers: {}, errors: [], unavailable } satisfies PostedPage, { status });
  const single = survey.layout === 'single';
  if (!params.page && !single)
    return refused({ reason: 'limit', kept: 'none', back: pathOf(lang, survey, 'start') });
  const page = single ? survey.pages[0] : findPage(survey, params.page ?? '');
  if (!page) throw data(null, { status: 404 });
  const posted = await postedForm(request);
  // Sent already (a double tap whose first post got through, or is on its way): the finish page.
  const key = submissionKeyOf(posted);
  const sent = await oneAtATime(key, async () =>
    Boolean(key && (await options.store.idOfKey(survey.id, key))),
  );
  if (sent) return seeOther(pathOf(lang, survey, 'finish'));
  const fields = Object.entries(posted)
    .filter(([name]) => name !== BACK_TO_ANSWERS_FIELD)
    .flatMap(([name, values]) =>
      [values ?? []].flat().map((value): [string, string] => [name, value]),
    );
  const draft = new URL(request.url).searchParams.get('draft');
  const carry = { action: pathOf(lang, survey, page.id, draft), fields };
  return refused({ reason: 'limit', kept: 'carried', carry });
}

/** Answers carried by a posted form (JSON from the browser's storage): only the survey's own
 *  fields, with text or lists of text; undefined when there are none or they cannot be read. */
function carriedAnswers(survey: ResolvedSurvey, json: PostedForm[string]): Answers | undefined {
  if (typeof json !== 'string') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  const names = new Set(allFields(survey).map((field) => field.name));
  const isAnswer = (value: unknown) =>
    typeof value === 'string' ||
    (Array.isArray(value) && value.every((one) => typeof one === 'string'));
  return Object.fromEntries(
    Object.entries(parsed).filter(([name, value]) => names.has(name) && isAnswer(value)),
  ) as Answers;
}

/** `GET /{lang}/{survey}/{page}/skip?draft=`: a skip link without JavaScript forgets the page's
 *  answers (`POST` with the browser's saved answers when pressed before the app arrived). */
export async function skipWithoutScript(
  lang: Lang,
  survey: ResolvedSurvey,
  pageId: string,
  token: string | null,
  options: NoJsOptions,
  saved?: PostedForm[string],
): Promise<string | null> {
  const sessions = draftSession(options.store.drafts, token, options.clock);
  const now = options.clock().getTime();
  // Pressed before the app arrived: the page's inline script posts the answers saved in the browser.
  const carried = token ? undefined : carriedAnswers(survey, saved);
  const started = carried && step(survey, NO_SESSION, { kind: 'start', carried }, now);
  const session = started && 'session' in started ? started.session : await sessions.read();
  const result = step(survey, session, { kind: 'skip', page: pageId }, now);
  if (result.kind !== 'go') return null;
  await sessions.write(result.session);
  return pathOf(lang, survey, result.to, result.session.inProgress ? sessions.token() : undefined);
}
