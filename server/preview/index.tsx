// The editors' preview (PREVIEW=true, always on in `npm run dev`; off unless set in production):
// /preview/<survey> shows every page of a survey, English beside Welsh, with each field's error
// messages and revealed fields, and every path through it (from the engine's graph) with links
// that open any page with that path's answers: the link makes a server draft holding them and
// goes to the page's no-JavaScript address with its ?draft=, so no timeout page is shown.
import type { FastifyInstance } from 'fastify';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import { enumeratePaths, isLang, pathFor } from '../../engine';
import type { Lang, ResolvedField, ResolvedSurvey, Text } from '../../engine';
import { pathTo, ROUTES, surveyPath, withDraft } from '../../src/paths';
import type { DraftStore } from '../storage/drafts';
import { stylesheetHref } from '../team/layout';

export interface PreviewOptions {
  surveys: Map<string, ResolvedSurvey>;
  drafts: DraftStore;
  clock: () => Date;
  distDir?: string;
}

/** The preview's own words, in both languages. */
const WORDS: Record<Lang, Record<string, string>> = {
  en: {
    preview: 'Preview',
    surveys: 'Surveys',
    paths: 'Paths',
    pathsIntro: 'Each page opens with the answers of its path, as a respondent would see it.',
    tests:
      'Answers sent from these pages are test submissions: the feedback team never sees them, and they are deleted after a day.',
    path: 'Path',
    open: 'Open',
    page: 'Page',
    english: 'English',
    welsh: 'Welsh',
    errors: 'Error messages',
    noErrors: 'No messages of its own (the standard ones are used)',
    reveals: 'When chosen, shows',
    hint: 'Hint',
    other: 'Cymraeg',
    error: 'Error:',
  },
  cy: {
    preview: 'Rhagolwg',
    surveys: 'Arolygon',
    paths: 'Llwybrau',
    pathsIntro:
      'Mae pob tudalen yn agor gydag atebion ei llwybr, fel y byddai ymatebydd yn ei gweld.',
    tests:
      "Mae atebion a anfonir o'r tudalennau hyn yn gyflwyniadau prawf: nid yw'r tîm adborth byth yn eu gweld, ac maen nhw'n cael eu dileu ar ôl diwrnod.",
    path: 'Llwybr',
    open: 'Agor',
    page: 'Tudalen',
    english: 'Saesneg',
    welsh: 'Cymraeg',
    errors: 'Negeseuon gwall',
    noErrors: 'Dim negeseuon ei hun (defnyddir y rhai safonol)',
    reveals: "Pan gaiff ei dewis, mae'n dangos",
    hint: 'Awgrym',
    other: 'English',
    error: 'Gwall:',
  },
};

const langOf = (value: unknown): Lang => (isLang(value) ? value : 'en');

function Field({
  field,
  lang,
  words,
}: {
  field: ResolvedField;
  lang: Lang;
  words: Record<string, string>;
}) {
  const errors = Object.values(field.errors ?? {}) as Text[];
  return (
    <div className="govuk-!-margin-bottom-4">
      <p className="govuk-body govuk-!-font-weight-bold govuk-!-margin-bottom-1">
        {field.label[lang]}
      </p>
      {field.hint && <p className="govuk-hint">{field.hint[lang]}</p>}
      {field.options && (
        <ul className="govuk-list govuk-list--bullet">
          {field.options
            .filter((o) => !o.retired)
            .map((o) => (
              <li key={o.value}>
                {o.label[lang]}
                {(field.reveal?.[o.value] ?? []).map((inner) => (
                  <div
                    key={inner.name}
                    className="govuk-inset-text govuk-!-margin-top-1 govuk-!-margin-bottom-1"
                  >
                    <p className="govuk-body-s">{words.reveals}:</p>
                    <Field field={inner} lang={lang} words={words} />
                  </div>
                ))}
              </li>
            ))}
        </ul>
      )}
      <p className="govuk-body-s govuk-!-margin-bottom-1">{words.errors}:</p>
      {errors.length ? (
        errors.map((text) => (
          <p key={text.en} className="govuk-error-message">
            <span className="govuk-visually-hidden">{words.error} </span>
            {text[lang]}
          </p>
        ))
      ) : (
        <p className="govuk-body-s">{words.noErrors}</p>
      )}
    </div>
  );
}

function Page({
  lang,
  title,
  stylesheet,
  children,
}: {
  lang: Lang;
  title: string;
  stylesheet?: string;
  children: ReactNode;
}) {
  return (
    <html lang={lang} className="govuk-template">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{title}</title>
        {stylesheet && <link rel="stylesheet" href={stylesheet} />}
      </head>
      <body className="govuk-template__body">
        <div className="govuk-width-container">
          <main className="govuk-main-wrapper" id="main-content">
            {children}
          </main>
        </div>
      </body>
    </html>
  );
}

function surveyPreview(survey: ResolvedSurvey, lang: Lang, stylesheet?: string): string {
  const words = WORDS[lang];
  const other: Lang = lang === 'en' ? 'cy' : 'en';
  const paths = enumeratePaths(survey, 20);
  const openHref = (path: number, page: string, l: Lang) =>
    `${pathTo(ROUTES.previewOpen, { survey: survey.id })}?path=${path}&page=${encodeURIComponent(page)}&lang=${l}`;
  return renderToStaticMarkup(
    <Page lang={lang} title={`${words.preview}: ${survey.title[lang]}`} stylesheet={stylesheet}>
      <span className="govuk-caption-l">{words.preview}</span>
      <h1 className="govuk-heading-l">{survey.title[lang]}</h1>
      <p className="govuk-body">
        <a
          className="govuk-link"
          href={`${pathTo(ROUTES.previewSurvey, { survey: survey.id })}?lang=${other}`}
          lang={other}
          hrefLang={other}
        >
          {words.other}
        </a>
      </p>
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
      {survey.pages.map((page) => (
        <section key={page.id} aria-labelledby={`page-${page.id}`}>
          <h2 className="govuk-heading-m" id={`page-${page.id}`}>
            {words.page} {page.id}
          </h2>
          <div className="govuk-grid-row">
            {(['en', 'cy'] as const).map((l) => (
              <div key={l} className="govuk-grid-column-one-half" lang={l}>
                <h3 className="govuk-heading-s" lang={lang}>
                  {l === 'en' ? words.english : words.welsh}
                </h3>
                {page.heading && <p className="govuk-body-l">{page.heading[l]}</p>}
                {(page.body ?? []).map((text) => (
                  <p key={text.en} className="govuk-body">
                    {text[l]}
                  </p>
                ))}
                {page.fields
                  .filter((f) => !f.retired)
                  .map((field) => (
                    <Field key={field.name} field={field} lang={l} words={WORDS[l]} />
                  ))}
              </div>
            ))}
          </div>
        </section>
      ))}
    </Page>,
  );
}

function surveyList(surveys: Map<string, ResolvedSurvey>, lang: Lang, stylesheet?: string): string {
  const words = WORDS[lang];
  return renderToStaticMarkup(
    <Page lang={lang} title={`${words.preview}: ${words.surveys}`} stylesheet={stylesheet}>
      <h1 className="govuk-heading-l">
        {words.preview}: {words.surveys}
      </h1>
      <ul className="govuk-list">
        {[...surveys.values()].map((s) => (
          <li key={s.id}>
            <a
              className="govuk-link"
              href={`${pathTo(ROUTES.previewSurvey, { survey: s.id })}?lang=${lang}`}
            >
              {s.title[lang]}
            </a>
          </li>
        ))}
      </ul>
    </Page>,
  );
}

/** Registers /preview, /preview/<survey> and the links that open a page with a path's answers. */
export function registerPreview(app: FastifyInstance, options: PreviewOptions): void {
  const stylesheet = stylesheetHref(options.distDir ?? 'dist');
  const html = (body: string) => `<!DOCTYPE html>${body}`;
  const page = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };

  app.get<{ Querystring: { lang?: string } }>(ROUTES.preview, async (request, reply) =>
    reply
      .headers(page)
      .send(html(surveyList(options.surveys, langOf(request.query.lang), stylesheet))),
  );

  app.get<{ Params: { survey: string }; Querystring: { lang?: string } }>(
    ROUTES.previewSurvey,
    async (request, reply) => {
      const survey = options.surveys.get(request.params.survey);
      if (!survey) return reply.callNotFound();
      return reply
        .headers(page)
        .send(html(surveyPreview(survey, langOf(request.query.lang), stylesheet)));
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
}
