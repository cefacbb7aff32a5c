// The respondent's side of a page served without JavaScript: the draft named in the address,
// and the answer to a posted form (Post/Redirect/Get). The route table calls `post` through its
// request context; see src/serverContext.ts.
import {
  allFields,
  findPage,
  isLang,
  skipPage,
  type Answers,
  type Lang,
  type ResolvedSurvey,
} from '../../engine';
import { data } from 'react-router-dom';
import type { PostedForm } from '../../engine/form';
import { surveyPath, withDraft } from '../../src/paths';
import { SAVED_ANSWERS_FIELD } from '../../src/savedState';
import { validateSubmission } from '../../engine/receive';
import type { PostedPage, ServerContext } from '../../src/serverContext';
import { emptySurvey, type SurveyData } from '../../src/store';
import type { StoreWithTeam } from '../storage/types';
import { maskAnswers } from '../team/privacy';
import { postPage } from './post';

/** What a busy service asks a respondent to wait before sending again (`Retry-After`, seconds). */
const RETRY_AFTER_S = 60;

/** Sixty minutes without activity and a draft is gone. */
export const DRAFT_IDLE_MS = 60 * 60 * 1000;

export interface NoJsOptions {
  surveys: Map<string, ResolvedSurvey>;
  store: StoreWithTeam;
  clock: () => Date;
  /** Takes a place under the submission cap; resolves false when the service is too busy to accept one now. */
  mayAccept: () => Promise<boolean>;
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
  const { store, clock } = options;
  const token = url.searchParams.get('draft');
  const draft = token ? await store.drafts.read(token, clock(), DRAFT_IDLE_MS) : null;
  const open = draft && !draft.sent ? draft : null;
  // A visit is activity; it also shows a page held after a post with errors, once.
  if (token && open) await store.drafts.save(token, open.answers, clock());
  const state: SurveyData | null = token
    ? {
        ...emptySurvey,
        surveyName: draft?.surveyId ?? null,
        answers: open?.answers ?? {},
        inProgress: Boolean(open),
        lastActivity: open ? clock().getTime() : null,
        sent: Boolean(draft?.sent),
        test: Boolean(options.preview && draft?.test),
      }
    : null;
  const live = token && open ? token : null;
  return {
    state,
    draft: live,
    draftStatus: live ? 'live' : token ? 'gone' : 'none',
    posted: heldFor(url.pathname, open?.posted),
    post: (request, params) => answerPost(request, params, state, live, options),
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

async function answerPost(
  request: Request,
  params: Record<string, string | undefined>,
  state: SurveyData | null,
  token: string | null,
  options: NoJsOptions,
) {
  const { surveys, store, clock } = options;
  const survey = surveys.get(params.survey ?? '');
  const lang = params.lang;
  if (!survey || !isLang(lang)) throw data(null, { status: 404 });
  const single = survey.layout === 'single';

  // Start (multi-page survey): a fresh draft, then the first page.
  if (!params.page && !single) {
    const created = await store.drafts.create(survey.id, clock());
    return seeOther(pathOf(lang, survey, survey.pages[0]!.id, created));
  }
  const page = single ? survey.pages[0] : findPage(survey, params.page ?? '');
  if (!page) throw data(null, { status: 404 });
  // Sent already (a second Send, or Back after sending): the finish page says so.
  if (state?.sent && state.surveyName === survey.id)
    return seeOther(pathOf(lang, survey, 'finish'));
  const posted = await postedForm(request);
  // A multi-page survey needs its draft, or the answers saved in the browser, which the entry
  // script adds to a form posted before the app arrived (they go on in a new draft). With
  // neither (never started, or idle an hour) it has timed out.
  const live = state?.inProgress && state.surveyName === survey.id;
  const carried = live || single ? undefined : carriedAnswers(survey, posted[SAVED_ANSWERS_FIELD]);
  if (!single && !live && !carried) return seeOther(pathOf(lang, survey, 'timeout'));
  const earlier = live ? state.answers : (carried ?? {});
  const draft = live ? token : null;
  const draftOrNew = async () => draft ?? (await store.drafts.create(survey.id, clock()));

  const outcome = postPage(survey, page, earlier, posted);
  if (outcome.kind === 'invalid') {
    // Post/Redirect/Get: the page with its errors and what was typed is held in the draft (a new
    // one when there was none) and shown once at its address, so the browser's Back and reload
    // never ask to send a form again (docs/architecture.md).
    const held = await draftOrNew();
    if (!draft) await store.drafts.save(held, earlier, clock());
    const posted: PostedPage = { answers: outcome.answers, errors: outcome.errors };
    if (outcome.suggestion) posted.suggestion = outcome.suggestion;
    const at = pathOf(lang, survey, page.id);
    await store.drafts.hold(held, { at, posted } satisfies Held);
    return seeOther(withDraft(at, held));
  }
  if (outcome.kind === 'next') {
    const next = await draftOrNew();
    await store.drafts.save(next, outcome.answers, clock());
    return seeOther(pathOf(lang, survey, outcome.to, next));
  }
  // The same check as the feedback API: the whole path, read back from what is sent.
  const check = validateSubmission(survey, outcome.submission);
  if (!check.ok) throw data(null, { status: 400 });
  if (!(await options.mayAccept())) {
    // Too busy: nothing typed is lost. The answers wait in the draft (a new one for a one-page
    // survey) and the page says to try again later, with a way back to them.
    const kept = await draftOrNew();
    await store.drafts.save(kept, outcome.answers, clock());
    const busy: PostedPage = {
      answers: outcome.answers,
      errors: [],
      unavailable: { back: pathOf(lang, survey, page.id, kept) },
    };
    return data(busy, { status: 503, headers: { 'retry-after': String(RETRY_AFTER_S) } });
  }
  const record = {
    surveyId: survey.id,
    definitionHash: survey.hash ?? '',
    receivedAt: clock(),
    answers: maskAnswers(survey, check.submission),
    lang,
    // Only a draft of the preview's, and only while PREVIEW=true (contextFor).
    ...(live && state.test ? { test: true } : {}),
  };
  // With a draft, the row is stored and the draft marked sent in one transaction: of two Sends
  // at once only one stores a row, and both go to the finish page.
  if (draft) await store.sendDraft(draft, record);
  else await store.save(record);
  return seeOther(pathOf(lang, survey, 'finish'));
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
 *  answers. Posted by the entry script before the app has arrived, with no draft, it carries the
 *  answers saved in the browser (`saved`), which go on in a new draft. */
export async function skipWithoutScript(
  lang: Lang,
  survey: ResolvedSurvey,
  pageId: string,
  token: string | null,
  options: NoJsOptions,
  saved?: PostedForm[string],
): Promise<string | null> {
  const page = findPage(survey, pageId);
  if (!page?.skip) return null;
  const draft = token
    ? await options.store.drafts.read(token, options.clock(), DRAFT_IDLE_MS)
    : null;
  const carried = draft ? undefined : carriedAnswers(survey, saved);
  if (carried) {
    const created = await options.store.drafts.create(survey.id, options.clock());
    await options.store.drafts.save(created, skipPage(page, carried), options.clock());
    return pathOf(lang, survey, page.skip, created);
  }
  if (!token || !draft || draft.surveyId !== survey.id) return pathOf(lang, survey, 'timeout');
  if (draft.sent) return pathOf(lang, survey, 'finish');
  const answers: Answers = skipPage(page, draft.answers);
  await options.store.drafts.save(token, answers, options.clock());
  return pathOf(lang, survey, page.skip, token);
}
