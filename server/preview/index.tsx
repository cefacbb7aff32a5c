// The editors' preview (PREVIEW=true, always on in `npm run dev`; off unless set in production):
// /preview lists the surveys; /preview/<survey> shows everything a respondent meets (start page,
// every page with each field's hint, options, revealed questions, Other box and every error
// message, the finish page) English beside Welsh, and every path through it (from the engine's
// graph) with links that open any page with that path's answers: the link makes a server draft
// holding them, marked as a test, and goes to the page's no-JavaScript address with its ?draft=,
// so no timeout page is shown. /preview/<survey>/edit is the live editor (./edit.tsx).
import type { FastifyInstance } from 'fastify';
import { enumeratePaths, pathFor } from '../../engine';
import type { Lang, ResolvedSurvey } from '../../engine';
import type { DraftStore } from '../storage/drafts';
import { stylesheetHref } from '../team/layout';
import { surveyName } from '../team/privacy';
import { registerEditor, type EditorOptions } from './edit';
import { pageHtml } from './layout';
import { SurveyPages } from './survey';
import { langOf, WORDS } from './words';
import { pathTo, ROUTES, surveyPath, withDraft } from '../../src/paths';

export interface PreviewOptions {
  surveys: Map<string, ResolvedSurvey>;
  drafts: DraftStore;
  clock: () => Date;
  distDir?: string;
  /** The stylesheet's address, when not the build's (development: Vite's). */
  stylesheet?: string;
  /** The live editor's options (where its script is, whether it may save). */
  editor?: Omit<EditorOptions, 'stylesheet'>;
}

function surveyPreview(survey: ResolvedSurvey, lang: Lang, stylesheet?: string): string {
  const words = WORDS[lang];
  const other = words.otherLang as Lang;
  const paths = enumeratePaths(survey, 20);
  const openHref = (path: number, page: string, l: Lang) =>
    `${pathTo(ROUTES.previewOpen, { survey: survey.id })}?path=${path}&page=${encodeURIComponent(page)}&lang=${l}`;
  return pageHtml({
    lang,
    title: `${words.preview}: ${survey.title[lang]}`,
    stylesheet,
    children: (
      <>
        <span className="govuk-caption-l">{words.preview}</span>
        <h1 className="govuk-heading-l">{survey.title[lang]}</h1>
        <ul className="govuk-list">
          <li>
            <a
              className="govuk-link"
              href={`${pathTo(ROUTES.previewSurvey, { survey: survey.id })}?lang=${other}`}
              lang={other}
              hrefLang={other}
            >
              {words.other}
            </a>
          </li>
          <li>
            <a
              className="govuk-link"
              href={`${pathTo(ROUTES.previewEdit, { survey: survey.id })}?lang=${lang}`}
            >
              {words.edit}
            </a>
          </li>
        </ul>
        <h2 className="govuk-heading-m">{words.paths}</h2>
        <p className="govuk-body">{words.pathsIntro}</p>
        <div className="govuk-inset-text">{words.tests}</div>
        {paths.map((path, i) => (
          <div key={path.pages.join(' ')}>
            <h3 className="govuk-heading-s">
              {words.path} {i + 1}
            </h3>
            <ol className="govuk-list govuk-list--number">
              {path.pages.map((page) => (
                <li key={page}>
                  {words.page} {page}:{' '}
                  <a className="govuk-link" href={openHref(i, page, 'en')}>
                    {words.open} {page} ({words.english})
                  </a>
                  ,{' '}
                  <a className="govuk-link" href={openHref(i, page, 'cy')}>
                    {words.open} {page} ({words.welsh})
                  </a>
                </li>
              ))}
            </ol>
          </div>
        ))}
        <SurveyPages survey={survey} lang={lang} />
      </>
    ),
  });
}

function surveyList(surveys: Map<string, ResolvedSurvey>, lang: Lang, stylesheet?: string): string {
  const words = WORDS[lang];
  return pageHtml({
    lang,
    title: `${words.preview}: ${words.surveys}`,
    stylesheet,
    children: (
      <>
        <h1 className="govuk-heading-l">
          {words.preview}: {words.surveys}
        </h1>
        <ul className="govuk-list">
          {[...surveys.values()].map((s) => (
            <li key={s.id}>
              {/* The team's name for it (teamName, else the title; validate keeps them
                  distinct) and its id. */}
              <a
                className="govuk-link"
                href={`${pathTo(ROUTES.previewSurvey, { survey: s.id })}?lang=${lang}`}
              >
                {surveyName(s, lang)}
              </a>{' '}
              <code>{s.id}</code>
            </li>
          ))}
        </ul>
      </>
    ),
  });
}

/** Registers /preview, /preview/<survey>, the links that open a page with a path's answers, and the editor. */
export function registerPreview(app: FastifyInstance, options: PreviewOptions): void {
  const stylesheet = options.stylesheet ?? stylesheetHref(options.distDir ?? 'dist');
  const page = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };

  app.get<{ Querystring: { lang?: string } }>(ROUTES.preview, async (request, reply) =>
    reply.headers(page).send(surveyList(options.surveys, langOf(request.query.lang), stylesheet)),
  );

  app.get<{ Params: { survey: string }; Querystring: { lang?: string } }>(
    ROUTES.previewSurvey,
    async (request, reply) => {
      const survey = options.surveys.get(request.params.survey);
      if (!survey) return reply.callNotFound();
      return reply
        .headers(page)
        .send(surveyPreview(survey, langOf(request.query.lang), stylesheet));
    },
  );

  app.get<{
    Params: { survey: string };
    Querystring: { path?: string; page?: string; lang?: string };
  }>(ROUTES.previewOpen, async (request, reply) => {
    const survey = options.surveys.get(request.params.survey);
    const path = survey && enumeratePaths(survey, 20)[Number(request.query.path ?? 0)];
    const target = request.query.page ?? '';
    if (!survey || !path || !path.pages.includes(target)) return reply.callNotFound();
    const lang = langOf(request.query.lang);
    // The path's answers, as far as the pages before the one opened.
    const before = new Set(path.pages.slice(0, path.pages.indexOf(target)));
    const answers = Object.fromEntries(
      Object.entries(path.answers).filter(([name]) =>
        survey.pages.some((p) => before.has(p.id) && p.fields.some((f) => f.name === name)),
      ),
    );
    if (pathFor(survey, answers).indexOf(target) < 0) return reply.callNotFound();
    const now = options.clock();
    // Marked: what is sent from it is a test submission, kept from the team (server/storage/tests-sql.ts).
    const token = await options.drafts.create(survey.id, now, { test: true });
    await options.drafts.save(token, answers, now);
    return reply
      .code(303)
      .header('cache-control', 'no-store')
      .header('location', withDraft(surveyPath(lang, survey, target), token))
      .send();
  });

  registerEditor(app, { distDir: options.distDir, ...options.editor, stylesheet });
}
