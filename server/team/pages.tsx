// The team's pages as React content for `renderPage`.
import { allFields, type ResolvedSurvey } from '../../engine';
import { Button } from '../../renderers';
import { ColumnChart } from './charts';
import { withLang } from './layout';
import { isChoice, isFreeText, questionPath } from './questions';
import type { QuestionFigures, SurveyFigures } from './figures';
import { formatDate, text, type UiLang } from './text';

const date = (lang: UiLang, d: Date) => formatDate(lang, d);
const shortFormats = {
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }),
  cy: new Intl.DateTimeFormat('cy-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }),
};
const shortDate = (lang: UiLang, d: Date) => shortFormats[lang].format(d);

const percent = (share: number) => `${Math.round(share * 100)}%`;

export function PasskeyForm(props: {
  lang: UiLang;
  kind: 'enrol' | 'sign-in';
  heading: string;
  intro: string;
  button: string;
  /** The single sign-on button's address, when OIDC is configured. */
  sso?: string;
}) {
  const t = (key: Parameters<typeof text>[1]) => text(props.lang, key);
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        <h1 className="govuk-heading-l">{props.heading}</h1>
        <p className="govuk-body">{props.intro}</p>
        <p id="passkey-error" className="govuk-error-message" tabIndex={-1} hidden>
          <span className="govuk-visually-hidden">{props.lang === 'cy' ? 'Gwall:' : 'Error:'}</span>{' '}
          {t('failed')}
        </p>
        <noscript>
          <p className="govuk-body">{t('needsScript')}</p>
        </noscript>
        <form method="post" data-passkey={props.kind} noValidate>
          <button type="submit" className="govuk-button" data-module="govuk-button">
            {props.button}
          </button>
        </form>
        {props.sso && (
          <>
            <h2 className="govuk-heading-m">{t('ssoHeading')}</h2>
            <p className="govuk-body">{t('ssoIntro')}</p>
            {/* A link, not a form: the CSP's form-action 'self' would stop a form's redirect
                to the provider. It works without JavaScript. */}
            <Button href={props.sso} classes="govuk-button--secondary">
              {t('ssoButton')}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}

export function Message(props: {
  heading: string;
  body: string;
  link?: { href: string; text: string };
}) {
  return (
    <>
      <h1 className="govuk-heading-l">{props.heading}</h1>
      <p className="govuk-body">{props.body}</p>
      {props.link && (
        <p className="govuk-body">
          <a className="govuk-link" href={props.link.href}>
            {props.link.text}
          </a>
        </p>
      )}
    </>
  );
}

function Headline({ lang, q }: { lang: UiLang; q: QuestionFigures }) {
  const t = (key: Parameters<typeof text>[1], params?: Record<string, string | number>) =>
    text(lang, key, params);
  const kind = q.nps ? t('nps') : q.measure === 'satisfaction' ? t('csat') : t('recommend');
  const figure = q.nps
    ? `${Math.round(q.nps.score)} (${t('interval', { low: Math.round(q.nps.low), high: Math.round(q.nps.high) })})`
    : percent(q.topTwo ?? 0);
  return (
    <tr className="govuk-table__row">
      <th scope="row" className="govuk-table__header">
        {q.field.label[lang]}
      </th>
      <td className="govuk-table__cell">{kind}</td>
      <td className="govuk-table__cell">{figure}</td>
      <td className="govuk-table__cell">
        {q.n}
        {q.lowSample && (
          <>
            {' '}
            <strong className="govuk-tag govuk-tag--yellow">{t('fewAnswers')}</strong>
          </>
        )}
      </td>
    </tr>
  );
}

export function Overview(props: {
  lang: UiLang;
  range: { from: Date; to: Date };
  surveys: { survey: ResolvedSurvey; figures: SurveyFigures }[];
}) {
  const { lang } = props;
  const t = (key: Parameters<typeof text>[1], params?: Record<string, string | number>) =>
    text(lang, key, params);
  const lastDay = new Date(props.range.to.getTime() - 1);
  return (
    <>
      <h1 className="govuk-heading-l">{t('overview')}</h1>
      <p className="govuk-body">
        {t('dateRange', { from: date(lang, props.range.from), to: date(lang, lastDay) })}
      </p>
      {props.surveys.map(({ survey, figures }) => {
        const scored = figures.questions.filter((q) => q.topTwo !== undefined || q.nps);
        return (
          <section key={survey.id} className="govuk-!-margin-bottom-9">
            <h2 className="govuk-heading-m">{survey.title[lang]}</h2>
            <table className="govuk-table">
              <caption className="govuk-table__caption govuk-table__caption--s">
                {t('responses')}
              </caption>
              <thead className="govuk-table__head">
                <tr className="govuk-table__row">
                  <th scope="col" className="govuk-table__header govuk-table__header--numeric">
                    {t('all')}
                  </th>
                  <th scope="col" className="govuk-table__header govuk-table__header--numeric">
                    {t('inEnglish')}
                  </th>
                  <th scope="col" className="govuk-table__header govuk-table__header--numeric">
                    {t('inWelsh')}
                  </th>
                </tr>
              </thead>
              <tbody className="govuk-table__body">
                <tr className="govuk-table__row">
                  <td className="govuk-table__cell govuk-table__cell--numeric">
                    {figures.counts.all}
                  </td>
                  <td className="govuk-table__cell govuk-table__cell--numeric">
                    {figures.counts.en}
                  </td>
                  <td className="govuk-table__cell govuk-table__cell--numeric">
                    {figures.counts.cy}
                  </td>
                </tr>
              </tbody>
            </table>
            {scored.length ? (
              <table className="govuk-table">
                <caption className="govuk-table__caption govuk-table__caption--s">
                  {t('headlines')}
                </caption>
                <thead className="govuk-table__head">
                  <tr className="govuk-table__row">
                    <th scope="col" className="govuk-table__header">
                      {t('question')}
                    </th>
                    <th scope="col" className="govuk-table__header">
                      {t('measure')}
                    </th>
                    <th scope="col" className="govuk-table__header">
                      {t('score')}
                    </th>
                    <th scope="col" className="govuk-table__header">
                      {t('answered')}
                    </th>
                  </tr>
                </thead>
                <tbody className="govuk-table__body">
                  {scored.map((q) => (
                    <Headline key={q.field.name} lang={lang} q={q} />
                  ))}
                </tbody>
              </table>
            ) : (
              <p className="govuk-body">{t('noScores')}</p>
            )}
            <ColumnChart
              id={`trend-${survey.id}`}
              title={`${t('trend')}: ${survey.title[lang]}`}
              columns={figures.weeks.map((w) => ({
                label: shortDate(lang, w.start),
                value: w.count,
              }))}
            />
            <table className="govuk-table">
              <caption className="govuk-table__caption govuk-table__caption--s">
                {t('trend')}
              </caption>
              <thead className="govuk-table__head">
                <tr className="govuk-table__row">
                  <th scope="col" className="govuk-table__header">
                    {t('week')}
                  </th>
                  <th scope="col" className="govuk-table__header govuk-table__header--numeric">
                    {t('responses')}
                  </th>
                </tr>
              </thead>
              <tbody className="govuk-table__body">
                {figures.weeks.map((w) => (
                  <tr key={w.start.toISOString()} className="govuk-table__row">
                    <td className="govuk-table__cell">{date(lang, w.start)}</td>
                    <td className="govuk-table__cell govuk-table__cell--numeric">{w.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <h3 className="govuk-heading-s">{t('questions')}</h3>
            <ul className="govuk-list">
              {allFields(survey)
                .filter((f) => isChoice(f) || isFreeText(f))
                .map((f) => (
                  <li key={f.name}>
                    <a className="govuk-link" href={withLang(questionPath(survey, f), lang)}>
                      {f.label[lang]}
                    </a>
                  </li>
                ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}
