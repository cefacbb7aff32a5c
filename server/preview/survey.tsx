// What a respondent meets in a survey, English beside Welsh: the start page, every page with each
// field's label, hint, options, revealed questions, Other box and every error message it can give,
// and the finish page. The preview's own words are in the page's language (marked so when they sit
// in a column of the other language); what a respondent reads is in the column's language, the
// app's standard phrases included (src/i18n).
import type { ReactNode } from 'react';
import { optionReveals } from '../../engine';
import type { Lang, ResolvedField, ResolvedPage, ResolvedSurvey } from '../../engine';
import { InsetText } from '../../renderers';
import { FinishContent } from '../../src/pages/FinishContent';
import { fieldMessages, messageText, uiText } from './messages';
import { WORDS } from './words';

const LANGS: Lang[] = ['en', 'cy'];

interface Props {
  /** The page's language: the preview's own words. */
  lang: Lang;
  /** The column's language: what the respondent reads. */
  l: Lang;
}

/** A preview word, marked with the page's language when the column is in the other one. */
function Chrome({ lang, l, children }: Props & { children: ReactNode }) {
  return <span lang={lang === l ? undefined : lang}>{children}</span>;
}

/** A field, and whether its page is the one that sends (where an email address is confirmed). */
type FieldProps = Props & { field: ResolvedField; sends: boolean };

function Messages({ field, sends, lang, l }: FieldProps) {
  const messages = fieldMessages(field, sends);
  return (
    <>
      <p className="govuk-body-s govuk-!-margin-bottom-1">
        <Chrome lang={lang} l={l}>
          {WORDS[lang].errors}:
        </Chrome>
      </p>
      {messages.map((message) => (
        <p key={JSON.stringify(message)} className="govuk-error-message">
          <span className="govuk-visually-hidden">{uiText(l, 'service.errorPrefix')}</span>
          {messageText(message, l)}
        </p>
      ))}
    </>
  );
}

function FieldPreview({ field, sends, lang, l }: FieldProps) {
  const words = WORDS[lang];
  return (
    <div className="govuk-!-margin-bottom-4">
      <p className="govuk-body govuk-!-font-weight-bold govuk-!-margin-bottom-1">
        {field.label[l]}
      </p>
      {field.hint && <p className="govuk-hint">{field.hint[l]}</p>}
      {field.maxLength !== undefined && field.characterCount && (
        <p className="govuk-hint">
          {uiText(l, 'characterCount.description', { count: field.maxLength })}
        </p>
      )}
      {field.options && (
        <ul className="govuk-list govuk-list--bullet">
          {field.options
            .filter((o) => !o.retired)
            .map((o) => (
              <li key={o.value}>
                {o.label[l]}
                {optionReveals(field, o).map((inner) => (
                  <div
                    key={inner.name}
                    className="govuk-inset-text govuk-!-margin-top-1 govuk-!-margin-bottom-1"
                  >
                    <p className="govuk-body-s">
                      <Chrome lang={lang} l={l}>
                        {inner.otherOf ? words.otherBox : words.reveals}:
                      </Chrome>
                    </p>
                    <FieldPreview field={inner} sends={sends} lang={lang} l={l} />
                  </div>
                ))}
              </li>
            ))}
        </ul>
      )}
      <Messages field={field} sends={sends} lang={lang} l={l} />
    </div>
  );
}

/** Two columns, English then Welsh, each marked with its language. */
function Columns({ lang, children }: { lang: Lang; children: (l: Lang) => ReactNode }) {
  return (
    <div className="govuk-grid-row">
      {LANGS.map((l) => (
        <div key={l} className="govuk-grid-column-one-half" lang={l}>
          <h3 className="govuk-heading-s">
            <Chrome lang={lang} l={l}>
              {l === 'en' ? WORDS[lang].english : WORDS[lang].welsh}
            </Chrome>
          </h3>
          {children(l)}
        </div>
      ))}
    </div>
  );
}

/** One of the preview's sections (`page-<id>`): its own heading, then what it shows. */
function Section({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={`page-${id}`}>
      <h2 className="govuk-heading-m" id={`page-${id}`}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function StartSection({ survey, lang }: { survey: ResolvedSurvey; lang: Lang }) {
  const start = survey.start;
  return (
    <Section id="start" title={WORDS[lang].startPage}>
      {!start ? (
        <p className="govuk-body">{WORDS[lang].noStart}</p>
      ) : (
        <Columns lang={lang}>
          {(l) => (
            <>
              <p className="govuk-heading-m">{start.heading[l]}</p>
              {start.paragraphs.map((text) => (
                <p key={text.en} className="govuk-body">
                  {text[l]}
                </p>
              ))}
              {start.inset && <InsetText text={start.inset[l]} />}
              <p className="govuk-body">
                {uiText(l, 'start.duration', { count: survey.duration })}
              </p>
              {start.privacy && <p className="govuk-body">{start.privacy[l]}</p>}
              {/* The button's look and words, not a button: nothing here starts anything. */}
              <p className="govuk-button govuk-button--start">
                {start.button?.[l] ?? uiText(l, 'common.startNow')}
              </p>
            </>
          )}
        </Columns>
      )}
    </Section>
  );
}

function PageSection({ page, lang }: { page: ResolvedPage; lang: Lang }) {
  return (
    <Section
      id={page.id}
      title={
        <>
          {WORDS[lang].page} {page.id}
        </>
      }
    >
      <Columns lang={lang}>
        {(l) => (
          <>
            {page.heading && <p className="govuk-body-l">{page.heading[l]}</p>}
            {(page.body ?? []).map((text) => (
              <p key={text.en} className="govuk-body">
                {text[l]}
              </p>
            ))}
            {page.fields
              .filter((f) => !f.retired)
              .map((field) => (
                <FieldPreview
                  key={field.name}
                  field={field}
                  sends={Boolean(page.submit)}
                  lang={lang}
                  l={l}
                />
              ))}
          </>
        )}
      </Columns>
    </Section>
  );
}

function FinishSection({ survey, lang }: { survey: ResolvedSurvey; lang: Lang }) {
  const finish = survey.finish;
  return (
    <Section id="finish" title={WORDS[lang].finishPage}>
      <Columns lang={lang}>
        {(l) => <FinishContent finish={finish} lang={l} headingLevel={4} />}
      </Columns>
    </Section>
  );
}

/** The start page, every page and the finish page, English beside Welsh. */
export function SurveyPages({ survey, lang }: { survey: ResolvedSurvey; lang: Lang }) {
  return (
    <>
      <StartSection survey={survey} lang={lang} />
      {survey.pages.map((page) => (
        <PageSection key={page.id} page={page} lang={lang} />
      ))}
      <FinishSection survey={survey} lang={lang} />
    </>
  );
}
