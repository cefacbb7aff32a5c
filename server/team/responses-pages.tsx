// The responses list, a response's page and the deletion confirmation.
import type { ReactNode } from 'react';
import { allFields, isFreeText, type ResolvedSurvey } from '../../engine';
import { Button } from '../../renderers';
import type { FeedbackRecord } from '../storage/types';
import type { Tag } from '../storage/team-types';
import { answerInWords } from './answers';
import { withLang } from './layout';
import {
  allOf,
  firstValues,
  segmentFields,
  segmentOptions,
  type FilterKey,
  type ParsedFilter,
  type QueryValues,
} from './filters';
import { Pagination } from './pagination';
import { maskPersonalData } from './privacy';
import { FormGroup } from './form-group';
import { FilterErrors } from './segments';
import { Table } from './table';
import { formatDate, responsesFound, text, type TextKey, type UiLang } from './text';
import { surveyName } from './privacy';

type T = (key: TextKey, params?: Record<string, string | number>) => string;
const tFor =
  (lang: UiLang): T =>
  (key, params) =>
    text(lang, key, params);

const langName = (t: T, lang: FeedbackRecord['lang']) =>
  lang === 'en' ? t('english') : lang === 'cy' ? t('welsh') : t('unknown');

/** The first free-text answer of a response, masked and cut short, for the list. */
function summary(survey: ResolvedSurvey | undefined, record: FeedbackRecord): string {
  const textFields = survey ? allFields(survey).filter(isFreeText) : [];
  const first = textFields.map((f) => record.answers[f.name]).find(Boolean) ?? '';
  const masked = maskPersonalData(first);
  return masked.length > 120 ? `${masked.slice(0, 119)}…` : masked;
}

function Select(props: {
  id: string;
  label: string;
  value: string | undefined;
  options: { value: string; text: string; group?: string }[];
  error?: string;
  lang: UiLang;
}) {
  const groups = [...new Set(props.options.map((o) => o.group ?? ''))];
  const option = (o: { value: string; text: string }) => (
    <option key={o.value} value={o.value}>
      {o.text}
    </option>
  );
  return (
    <FormGroup lang={props.lang} id={props.id} label={props.label} error={props.error}>
      {(describedBy) => (
        <select
          className={`govuk-select${props.error ? ' govuk-select--error' : ''}`}
          id={props.id}
          name={props.id}
          defaultValue={props.value ?? ''}
          aria-describedby={describedBy}
        >
          {groups.map((group) =>
            group ? (
              <optgroup key={group} label={group}>
                {props.options.filter((o) => o.group === group).map(option)}
              </optgroup>
            ) : (
              props.options.filter((o) => !o.group).map(option)
            ),
          )}
        </select>
      )}
    </FormGroup>
  );
}

function Input(props: {
  id: string;
  label: string;
  hint?: string;
  value?: string;
  type?: string;
  error?: string;
  lang: UiLang;
}) {
  const { value, type, ...group } = props;
  return (
    <FormGroup {...group}>
      {(describedBy, error) => (
        <input
          className={`govuk-input govuk-input--width-20${error ? ' govuk-input--error' : ''}`}
          id={props.id}
          name={props.id}
          type={type ?? 'text'}
          defaultValue={value}
          aria-describedby={describedBy}
        />
      )}
    </FormGroup>
  );
}

export interface ListProps {
  lang: UiLang;
  surveys: Map<string, ResolvedSurvey>;
  tags: Tag[];
  /** The query as asked, less what the member's role may not use. */
  query: QueryValues;
  records: FeedbackRecord[];
  tagsOf: Map<string, string[]>;
  total: number;
  page: number;
  pages: number;
  /** Links keep the filter: the query string without `page`. */
  filterQuery: string;
  /** Analysts and admins: the export link, and the filter by contact details. */
  canExport: boolean;
  parsed: ParsedFilter;
  /** Parts of the filter the member's role may not use, left out (a notice says so). */
  refused?: boolean;
  /** The search went past its time budget: nothing is listed. */
  tooLong?: boolean;
}

export function ResponseList(props: ListProps) {
  const { lang } = props;
  const q = firstValues(props.query);
  // Any number of answers: the last in the select, the others carried as they are.
  const answers = allOf(props.query.answer);
  q.answer = answers.at(-1);
  const t = tFor(lang);
  const survey = q.survey ? props.surveys.get(q.survey) : undefined;
  // The chosen survey's questions; every survey's when an answer was asked for without one.
  const seen = new Set<string>();
  const scaleQuestions = (survey ? [survey] : answers.length ? [...props.surveys.values()] : [])
    .flatMap(segmentFields)
    .filter((f) => !seen.has(f.name) && seen.add(f.name));
  const tagName = new Map(props.tags.map((tag) => [tag.id, tag.name]));
  // Each control's error, in the member's language.
  const error = (id: FilterKey) => {
    const found = props.parsed.errors.find((e) => e.field === id);
    return { error: found && t(found.key), lang };
  };
  return (
    <>
      <FilterErrors lang={lang} parsed={props.parsed} />
      <h1 className="govuk-heading-l">{t('responses')}</h1>
      <div className="govuk-grid-row">
        <div className="govuk-grid-column-one-third">
          <form method="get" action="/team/responses" noValidate>
            {lang === 'cy' && <input type="hidden" name="lang" value="cy" />}
            {answers.slice(0, -1).map((answer) => (
              <input key={answer} type="hidden" name="answer" value={answer} />
            ))}
            <h2 className="govuk-heading-m">{t('filter')}</h2>
            <Select
              id="survey"
              label={t('survey')}
              value={q.survey}
              {...error('survey')}
              options={[
                { value: '', text: t('allSurveys') },
                ...[...props.surveys.values()].map((s) => ({
                  value: s.id,
                  text: surveyName(s, lang),
                })),
              ]}
            />
            <Input
              id="from"
              label={t('from')}
              hint={t('dateHint')}
              value={q.from}
              {...error('from')}
            />
            <Input id="to" label={t('to')} hint={t('dateHint')} value={q.to} {...error('to')} />
            <Select
              id="respondentLang"
              label={t('respondentLanguage')}
              value={q.respondentLang}
              {...error('respondentLang')}
              options={[
                { value: '', text: t('anyLanguage') },
                { value: 'en', text: t('english') },
                { value: 'cy', text: t('welsh') },
                { value: 'unknown', text: t('unknown') },
              ]}
            />
            {props.canExport && (
              <div className="govuk-form-group">
                <div
                  className="govuk-checkboxes govuk-checkboxes--small"
                  data-module="govuk-checkboxes"
                >
                  <div className="govuk-checkboxes__item">
                    <input
                      className="govuk-checkboxes__input"
                      id="contact"
                      name="contact"
                      type="checkbox"
                      value="yes"
                      defaultChecked={q.contact === 'yes'}
                    />
                    <label className="govuk-label govuk-checkboxes__label" htmlFor="contact">
                      {t('wantsContact')}
                    </label>
                  </div>
                </div>
              </div>
            )}
            {scaleQuestions.length > 0 && (
              <Select
                id="answer"
                label={t('answer')}
                value={q.answer}
                {...error('answer')}
                options={[
                  { value: '', text: t('anyAnswer') },
                  ...scaleQuestions.flatMap((f) =>
                    segmentOptions(f).map((o) => ({
                      value: `${f.name}:${o.value}`,
                      text: o.label[lang],
                      group: f.label[lang],
                    })),
                  ),
                ]}
              />
            )}
            {(props.tags.length > 0 || q.tag) && (
              <Select
                id="tag"
                label={t('tag')}
                value={q.tag}
                {...error('tag')}
                options={[
                  { value: '', text: t('anyTag') },
                  ...props.tags.map((tag) => ({ value: tag.id, text: tag.name })),
                ]}
              />
            )}
            <Input id="q" label={t('search')} value={q.q} type="search" lang={lang} />
            <Button classes="govuk-button--secondary">{t('applyFilter')}</Button>
          </form>
        </div>
        <div className="govuk-grid-column-two-thirds">
          {props.tooLong && <SearchTooLong lang={lang} />}
          {props.refused && <div className="govuk-inset-text">{t('personalFilterRefused')}</div>}
          <p className="govuk-body">{responsesFound(lang, props.total)}</p>
          {props.canExport && props.total > 0 && (
            <p className="govuk-body">
              <a
                className="govuk-link"
                href={withLang(`/team/export.csv?${props.filterQuery}`, lang)}
              >
                {t('downloadCsv')}
              </a>
            </p>
          )}
          {props.records.length > 0 && (
            <Table
              caption={t('responses')}
              captionSize="hidden"
              columns={[
                { heading: t('received') },
                { heading: t('survey') },
                { heading: t('respondentLanguage') },
                { heading: t('said') },
              ]}
              rows={props.records.map((r) => {
                const s = props.surveys.get(r.surveyId);
                return {
                  key: r.id,
                  cells: [
                    <a className="govuk-link" href={withLang(`/team/responses/${r.id}`, lang)}>
                      {formatDate(lang, r.receivedAt, true)}
                    </a>,
                    (s && surveyName(s, lang)) ?? r.surveyId,
                    langName(t, r.lang),
                    <>
                      {r.lang && r.lang !== lang ? (
                        <span lang={r.lang}>{summary(s, r)}</span>
                      ) : (
                        summary(s, r)
                      )}
                      {(props.tagsOf.get(r.id) ?? []).map((id) => (
                        <span key={id}>
                          {' '}
                          <strong className="govuk-tag govuk-tag--grey">{tagName.get(id)}</strong>
                        </span>
                      ))}
                    </>,
                  ],
                };
              })}
            />
          )}
          <Pagination
            lang={lang}
            page={props.page}
            pages={props.pages}
            href={(n) =>
              withLang(
                `/team/responses?${props.filterQuery}${props.filterQuery ? '&' : ''}page=${n}`,
                lang,
              )
            }
          />
        </div>
      </div>
    </>
  );
}

function Row(props: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="govuk-summary-list__row">
      <dt className="govuk-summary-list__key">{props.label}</dt>
      <dd className="govuk-summary-list__value">{props.children}</dd>
    </div>
  );
}

export interface ResponseProps {
  lang: UiLang;
  survey: ResolvedSurvey | undefined;
  record: FeedbackRecord;
  /** Contact fields and unmasked text are shown only when allowed. */
  showContact: boolean;
  revealed: boolean;
  canReveal: boolean;
  canDelete: boolean;
  deletedOn: Date;
  tags: Tag[];
  applied: string[];
  csrf: string;
  contact: string[];
}

export function ResponsePage(props: ResponseProps) {
  const { lang, record, survey } = props;
  const t = tFor(lang);
  const fields = survey ? allFields(survey) : [];
  const byName = new Map(fields.map((f) => [f.name, f]));
  const names = [
    ...fields.map((f) => f.name).filter((name) => name in record.answers),
    ...Object.keys(record.answers).filter((name) => !byName.has(name) && name !== 'serviceName'),
  ].filter((name) => props.showContact || !props.contact.includes(name));
  const shown = (name: string) => {
    const value = answerInWords(byName.get(name), record.answers[name]!, lang);
    return props.revealed || props.contact.includes(name) ? value : maskPersonalData(value);
  };
  const masked = names.some(
    (name) => shown(name) !== answerInWords(byName.get(name), record.answers[name]!, lang),
  );
  const base = `/team/responses/${record.id}`;
  return (
    <>
      <span className="govuk-caption-l">
        {(survey && surveyName(survey, lang)) ?? record.surveyId}
      </span>
      <h1 className="govuk-heading-l">{t('response')}</h1>
      <dl className="govuk-summary-list">
        <Row label={t('received')}>{formatDate(lang, record.receivedAt, true)}</Row>
        <Row label={t('respondentLanguage')}>{langName(t, record.lang)}</Row>
        <Row label={t('definitionVersion')}>
          <code>{record.definitionHash.slice(0, 12)}</code>
        </Row>
        <Row label={t('deletedOn')}>{formatDate(lang, props.deletedOn)}</Row>
      </dl>
      <h2 className="govuk-heading-m">{t('answers')}</h2>
      <dl className="govuk-summary-list">
        {names.map((name) => (
          <Row key={name} label={byName.get(name)?.label[lang] ?? name}>
            {/* Their own words in the language they answered in, marked for screen readers. */}
            {record.lang && record.lang !== lang && !byName.get(name)?.options?.length ? (
              <span lang={record.lang}>{shown(name)}</span>
            ) : (
              shown(name)
            )}
          </Row>
        ))}
      </dl>
      {masked && props.canReveal && (
        <p className="govuk-body">
          <a className="govuk-link" href={withLang(`${base}?reveal=1`, lang)}>
            {t('reveal')}
          </a>
        </p>
      )}
      {masked && <p className="govuk-body">{t('maskedNote')}</p>}
      {!props.canReveal && props.applied.length > 0 && (
        <>
          <h2 className="govuk-heading-m">{t('tags')}</h2>
          <ul className="govuk-list">
            {props.tags
              .filter((tag) => props.applied.includes(tag.id))
              .map((tag) => (
                <li key={tag.id}>{tag.name}</li>
              ))}
          </ul>
        </>
      )}
      {/* Tagging is an analyst's or admin's (canReveal): a viewer sees the tags only. */}
      {props.canReveal && props.tags.length > 0 && (
        <form method="post" action={withLang(`${base}/tags`, lang)}>
          <input type="hidden" name="csrf" value={props.csrf} />
          <div className="govuk-form-group">
            <fieldset className="govuk-fieldset">
              <legend className="govuk-fieldset__legend govuk-fieldset__legend--m">
                <h2 className="govuk-fieldset__heading">{t('tags')}</h2>
              </legend>
              <div
                className="govuk-checkboxes govuk-checkboxes--small"
                data-module="govuk-checkboxes"
              >
                {props.tags.map((tag, i) => (
                  <div key={tag.id} className="govuk-checkboxes__item">
                    <input
                      className="govuk-checkboxes__input"
                      id={`tag-${i}`}
                      name="tag"
                      type="checkbox"
                      value={tag.id}
                      defaultChecked={props.applied.includes(tag.id)}
                    />
                    <label className="govuk-label govuk-checkboxes__label" htmlFor={`tag-${i}`}>
                      {tag.name}
                    </label>
                  </div>
                ))}
              </div>
            </fieldset>
          </div>
          <Button classes="govuk-button--secondary">{t('saveTags')}</Button>
        </form>
      )}
      {props.canDelete && (
        <p className="govuk-body">
          <a className="govuk-link" href={withLang(`${base}/delete`, lang)}>
            {t('deleteResponse')}
          </a>
        </p>
      )}
    </>
  );
}

export function ConfirmDelete(props: { lang: UiLang; id: string; csrf: string }) {
  const t = tFor(props.lang);
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        <h1 className="govuk-heading-l">{t('deleteHeading')}</h1>
        <div className="govuk-warning-text">
          <span className="govuk-warning-text__icon" aria-hidden="true">
            !
          </span>
          <strong className="govuk-warning-text__text">
            <span className="govuk-visually-hidden">{t('warning')}</span>
            {t('deleteWarning')}
          </strong>
        </div>
        <form method="post" action={withLang(`/team/responses/${props.id}/delete`, props.lang)}>
          <input type="hidden" name="csrf" value={props.csrf} />
          <div className="govuk-button-group">
            <Button classes="govuk-button--warning">{t('deleteResponse')}</Button>
            <a className="govuk-link" href={withLang(`/team/responses/${props.id}`, props.lang)}>
              {t('cancel')}
            </a>
          </div>
        </form>
      </div>
    </div>
  );
}

/** Said instead of a list when a search went past its time budget. */
export function SearchTooLong(props: { lang: UiLang }) {
  return (
    <div className="govuk-warning-text">
      <span className="govuk-warning-text__icon" aria-hidden="true">
        !
      </span>
      <strong className="govuk-warning-text__text">{tFor(props.lang)('searchTooLong')}</strong>
    </div>
  );
}
