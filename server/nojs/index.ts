// The respondent's side of a page served without JavaScript: the draft named in the address,
// and the answer to a posted form (Post/Redirect/Get). The route table calls `post` through its
// request context; see src/serverContext.ts.
import {
  findPage,
  isLang,
  skipPage,
  type Answers,
  type Lang,
  type ResolvedSurvey,
} from '../../engine';
import { data } from 'react-router-dom';
import type { PostedForm } from '../../engine/form';
import { validateSubmission } from '../../engine/receive';
import type { ServerContext } from '../../src/serverContext';
import type { SurveyData } from '../../src/store';
import type { StoreWithTeam } from '../storage/types';
import { maskAnswers } from '../team/privacy';
import { postPage } from './post';

/** Sixty minutes without activity and a draft is gone. */
export const DRAFT_IDLE_MS = 60 * 60 * 1000;

export interface NoJsOptions {
  surveys: Map<string, ResolvedSurvey>;
  store: StoreWithTeam;
  clock: () => Date;
  /** Takes a place under the submission cap; resolves false when the service is too busy to accept one now. */
  mayAccept: () => Promise<boolean>;
}

/** The address of a survey screen, with the draft when there is one (mirrors src/paths.ts). */
function pathOf(lang: Lang, survey: ResolvedSurvey, target: string, draft?: string): string {
  const root = `/${lang}/${survey.id}`;
  const single = survey.layout === 'single' && target !== 'finish' && target !== 'timeout';
  const path = target === 'start' || single ? root : `${root}/${target}`;
  return draft ? `${path}?draft=${encodeURIComponent(draft)}` : path;
}

const seeOther = (location: string) =>
  new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });

/** A posted form as lists of values per name (checkboxes repeat their name). */
export async function postedForm(request: Request): Promise<PostedForm> {
  const form: Record<string, string[]> = {};
  for (const [name, value] of await request.formData())
    if (typeof value === 'string') (form[name] ??= []).push(value);
  return Object.fromEntries(
    Object.entries(form).map(([name, values]) => [name, values.length === 1 ? values[0] : values]),
  );
}

/** The request context for rendering one page: the draft's state, and the form handler. */
export async function contextFor(
  url: URL,
  options: NoJsOptions,
): Promise<ServerContext & { draftStatus: 'none' | 'live' | 'gone' }> {
  const { store, clock } = options;
  const token = url.searchParams.get('draft');
  const draft = token ? await store.drafts.read(token, clock(), DRAFT_IDLE_MS) : null;
  if (token && draft) await store.drafts.save(token, draft.answers, clock()); // a visit is activity
  const state: SurveyData | null = draft
    ? {
        surveyName: draft.surveyId,
        answers: draft.answers,
        inProgress: true,
        lastActivity: clock().getTime(),
      }
    : token
      ? { surveyName: null, answers: {}, inProgress: false, lastActivity: null }
      : null;
  const live = token && draft ? token : null;
  return {
    state,
    draft: live,
    draftStatus: live ? 'live' : token ? 'gone' : 'none',
    post: (request, params) => answerPost(request, params, state, live, options),
  };
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
  // A multi-page survey needs its draft; without one (never started, or idle an hour) it has timed out.
  const live = state?.inProgress && state.surveyName === survey.id;
  if (!single && !live) return seeOther(pathOf(lang, survey, 'timeout'));

  const outcome = postPage(survey, page, live ? state.answers : {}, await postedForm(request));
  if (outcome.kind === 'invalid')
    return { answers: outcome.answers, errors: outcome.errors, suggestion: outcome.suggestion };
  if (outcome.kind === 'next') {
    await store.drafts.save(token!, outcome.answers, clock());
    return seeOther(pathOf(lang, survey, outcome.to, token!));
  }
  // The same check as the feedback API: the whole path, read back from what is sent.
  const check = validateSubmission(survey, outcome.submission);
  if (!check.ok) throw data(null, { status: 400 });
  // The "try again later" page; the draft is kept.
  if (!(await options.mayAccept())) throw data(null, { status: 503 });
  await store.save({
    surveyId: survey.id,
    definitionHash: survey.hash ?? '',
    receivedAt: clock(),
    answers: maskAnswers(survey, check.submission),
    lang,
  });
  if (token) await store.drafts.remove(token);
  return seeOther(pathOf(lang, survey, 'finish'));
}

/** `GET /{lang}/{survey}/{page}/skip?draft=`: a skip link without JavaScript forgets the page's answers. */
export async function skipWithoutScript(
  lang: Lang,
  survey: ResolvedSurvey,
  pageId: string,
  token: string | null,
  options: NoJsOptions,
): Promise<string | null> {
  const page = findPage(survey, pageId);
  if (!page?.skip) return null;
  const draft = token
    ? await options.store.drafts.read(token, options.clock(), DRAFT_IDLE_MS)
    : null;
  if (!token || !draft || draft.surveyId !== survey.id) return pathOf(lang, survey, 'timeout');
  const answers: Answers = skipPage(page, draft.answers);
  await options.store.drafts.save(token, answers, options.clock());
  return pathOf(lang, survey, page.skip, token);
}
