// The filter form of the overview, question, comparison and theme pages: a GET form (it works
// without JavaScript), its errors in a GOV.UK error summary, and the filters in use as tags that
// each link to the same page without that filter.
import type { ReactNode } from 'react';
import type { ResolvedSurvey } from '../../engine';
import { Button, ErrorSummary } from '../../renderers';
import {
  allOf,
  filterQuery,
  firstOf,
  segmentFields,
  segmentOptions,
  withoutAnswer,
  type FilterControl,
  type FilterKey,
  type ParsedFilter,
  type QueryValues,
} from './filters';
import { FormGroup } from './form-group';
import { withLang } from './layout';
import { surveyName } from './privacy';
import { formatDate, text, type TextKey, type UiLang } from './text';

/** `path?query` with the language, the query left out when empty. */
export const linkTo = (path: string, query: string, lang: UiLang) =>
  withLang(query ? `${path}?${query}` : path, lang);

/** The error summary for a filter's errors (nothing when there are none). */
export function FilterErrors(props: { lang: UiLang; parsed: ParsedFilter }) {
  if (!props.parsed.errors.length) return null;
  return (
    <ErrorSummary
      titleText={text(props.lang, 'thereIsAProblem')}
      errorList={props.parsed.errors.map((e) => ({
        text: text(props.lang, e.key),
        href: `#${e.field}`,
      }))}
    />
  );
}

/** The page title, with "Error: " when the filter has errors. */
export const titleOf = (lang: UiLang, title: string, parsed: ParsedFilter) =>
  parsed.errors.length ? `${text(lang, 'errorPrefix')}: ${title}` : title;

function Control(props: {
  lang: UiLang;
  id: FilterControl;
  label: string;
  hint?: string;
  parsed: ParsedFilter;
  children: (describedBy: string | undefined, error: boolean) => ReactNode;
}) {
  const { parsed, ...group } = props;
  const error = parsed.errors.find((e) => e.field === props.id);
  return <FormGroup {...group} error={error && text(props.lang, error.key)} />;
}

export interface SegmentFormProps {
  lang: UiLang;
  action: string;
  parsed: ParsedFilter;
  /** The query as asked (to show what was typed, even when wrong). */
  query: QueryValues;
  /** Surveys whose choice answers can be chosen (only the chosen survey's when one is). */
  surveys: ResolvedSurvey[];
  /** Offer a survey select (the overview). */
  surveySelect?: boolean;
  /** The comparison's earlier period, and the heading of the form's dates. */
  before?: boolean;
  /** More of the page's query the form keeps as it is (a crosstab's questions). */
  extra?: Record<string, string>;
}

/**
 * The GET form with dates, the respondent's language and a choice answer; the answers already
 * chosen but the last go with it as they are (hidden), so another can be added.
 */
export function SegmentForm(props: SegmentFormProps) {
  const { lang, parsed } = props;
  const q: Record<string, string | undefined> = Object.fromEntries(
    Object.entries(props.query).map(([name, value]) => [name, firstOf(value)]),
  );
  const answers = allOf(props.query.answer);
  q.answer = answers.at(-1);
  // The filters the form has no control for (a search, a tag, contact details, the survey of a
  // page about one) go with it as they were understood, so applying the form keeps them.
  const controls: FilterKey[] = ['from', 'to', 'respondentLang', 'answer'];
  if (props.surveySelect) controls.push('survey');
  const carried = [...new URLSearchParams(filterQuery(props.parsed.kept, controls))];
  const t = (key: TextKey) => text(lang, key);
  // The chosen survey's answers only (an answer of another survey would be refused).
  const chosen = parsed.filter.surveyId;
  const offered = chosen ? props.surveys.filter((s) => s.id === chosen) : props.surveys;
  // One entry per question name (shared questions appear in several surveys).
  const seen = new Set<string>();
  const fields = offered
    .flatMap(segmentFields)
    .filter((f) => !seen.has(f.name) && seen.add(f.name));
  const input = (
    id: 'from' | 'to' | 'beforeFrom' | 'beforeTo',
    label: TextKey,
    hint = t('dateHint'),
  ) => (
    <Control lang={lang} id={id} label={t(label)} hint={hint} parsed={parsed}>
      {(describedBy, error) => (
        <input
          className={`govuk-input govuk-input--width-10${error ? ' govuk-input--error' : ''}`}
          id={id}
          name={id}
          type="text"
          inputMode="numeric"
          defaultValue={q[id] ?? ''}
          aria-describedby={describedBy}
        />
      )}
    </Control>
  );
  const select = (id: FilterKey, label: TextKey, children: ReactNode) => (
    <Control lang={lang} id={id} label={t(label)} parsed={parsed}>
      {(describedBy, error) => (
        <select
          className={`govuk-select${error ? ' govuk-select--error' : ''}`}
          id={id}
          name={id}
          defaultValue={q[id] ?? ''}
          aria-describedby={describedBy}
        >
          {children}
        </select>
      )}
    </Control>
  );
  return (
    <form method="get" action={props.action} noValidate className="govuk-!-margin-bottom-6">
      {lang === 'cy' && <input type="hidden" name="lang" value="cy" />}
      {carried.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      {Object.entries(props.extra ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {answers.slice(0, -1).map((answer) => (
        <input key={answer} type="hidden" name="answer" value={answer} />
      ))}
      <details className="govuk-details" open={parsed.errors.length > 0 || undefined}>
        <summary className="govuk-details__summary">
          <span className="govuk-details__summary-text">{t('segmentChange')}</span>
        </summary>
        <div className="govuk-details__text">
          {props.surveySelect &&
            select(
              'survey',
              'survey',
              <>
                <option value="">{t('allSurveys')}</option>
                {props.surveys.map((s) => (
                  <option key={s.id} value={s.id}>
                    {surveyName(s, lang)}
                  </option>
                ))}
              </>,
            )}
          {input('from', 'from')}
          {input('to', 'to')}
          {props.before && input('beforeFrom', 'compareBeforeFrom', t('compareBeforeHint'))}
          {props.before && input('beforeTo', 'compareBeforeTo', t('compareBeforeHint'))}
          {select(
            'respondentLang',
            'respondentLanguage',
            <>
              <option value="">{t('anyLanguage')}</option>
              <option value="en">{t('english')}</option>
              <option value="cy">{t('welsh')}</option>
              <option value="unknown">{t('unknown')}</option>
            </>,
          )}
          {fields.length > 0 &&
            select(
              'answer',
              'whoAnswered',
              <>
                <option value="">{t('anyAnswer')}</option>
                {fields.map((f) => (
                  <optgroup key={f.name} label={f.label[lang]}>
                    {segmentOptions(f).map((o) => (
                      <option key={o.value} value={`${f.name}:${o.value}`}>
                        {o.label[lang]}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </>,
            )}
          <Button classes="govuk-button--secondary">{t('applyFilter')}</Button>
        </div>
      </details>
    </form>
  );
}

/** What a kept filter value reads as. */
function tagText(
  lang: UiLang,
  key: FilterKey,
  value: string,
  surveys: ResolvedSurvey[],
  parsed: ParsedFilter,
): string | undefined {
  const t = (k: TextKey, params?: Record<string, string>) => text(lang, k, params);
  switch (key) {
    case 'survey': {
      // The name the pages' headings use (two surveys may share a title).
      const survey = surveys.find((s) => s.id === value);
      return survey && surveyName(survey, lang);
    }
    case 'from':
      return t('segmentFrom', { date: value });
    case 'to':
      return t('segmentTo', { date: value });
    case 'respondentLang':
      return value === 'en' ? t('english') : value === 'cy' ? t('welsh') : t('unknown');
    case 'answer': {
      const at = value.indexOf(':');
      const field = surveys.flatMap(segmentFields).find((f) => f.name === value.slice(0, at));
      const option = field?.options?.find((o) => o.value === value.slice(at + 1));
      return field && option ? `${field.label[lang]}: ${option.label[lang]}` : undefined;
    }
    case 'contact':
      return t('wantsContact');
    case 'tag':
      return parsed.tagName && t('segmentTag', { name: parsed.tagName });
    case 'q':
      return t('segmentSearch', { q: value });
    default:
      return undefined;
  }
}

/** The days a page's figures cover, [from, to), and that they are UK days. */
export function DateRange(props: { lang: UiLang; range: { from: Date; to: Date } }) {
  const { lang, range } = props;
  return (
    <p className="govuk-body">
      {text(lang, 'dateRange', {
        from: formatDate(lang, range.from),
        to: formatDate(lang, new Date(range.to.getTime() - 1)),
      })}{' '}
      {text(lang, 'ukDays')}
    </p>
  );
}

/**
 * A filtered page's controls: the filters in use as removable tags, then the form to change
 * them. Every tag's link keeps what the form keeps besides the filter (its `extra`, and the
 * comparison's earlier period).
 */
export function SegmentControls(
  props: SegmentFormProps & {
    /** Surveys the tags may name, when the form offers fewer (the comparison's chosen one). */
    named?: ResolvedSurvey[];
    /** Keys not shown as tags but kept on their links (a search). */
    keep?: FilterKey[];
    /** What the tags' links keep, when not the form's `extra` (a crosstab's questions as found). */
    tagsKeep?: string;
  },
) {
  const { named, keep, tagsKeep, ...form } = props;
  const kept =
    tagsKeep ??
    [new URLSearchParams(form.extra).toString(), form.before ? beforeQuery(form.query) : '']
      .filter(Boolean)
      .join('&');
  return (
    <>
      <SegmentTags
        lang={form.lang}
        path={form.action}
        parsed={form.parsed}
        surveys={named ?? form.surveys}
        keep={keep}
        extra={kept}
      />
      <SegmentForm {...form} />
    </>
  );
}

/** The filters in use, each a link to the page without it (each answer its own tag). */
export function SegmentTags(props: {
  lang: UiLang;
  path: string;
  parsed: ParsedFilter;
  surveys: ResolvedSurvey[];
  /** Keys not shown as tags but kept on the links (a search). */
  keep?: FilterKey[];
  /** More of the page's query every link keeps (the comparison's earlier period). */
  extra?: string;
}) {
  const { lang, parsed } = props;
  const { kept } = parsed;
  const tags = (Object.keys(kept) as FilterKey[])
    .filter((key) => !(props.keep ?? []).includes(key))
    .flatMap((key) =>
      [kept[key] ?? []].flat().map((value) => ({
        key: `${key}=${value}`,
        text: tagText(lang, key, value, props.surveys, parsed),
        without:
          key === 'answer' ? filterQuery(withoutAnswer(kept, value)) : filterQuery(kept, [key]),
      })),
    )
    .filter((tag) => tag.text);
  if (!tags.length) return null;
  return (
    <div className="govuk-!-margin-bottom-6">
      <h2 className="govuk-heading-s govuk-!-margin-bottom-2">{text(lang, 'segmentInUse')}</h2>
      <ul className="govuk-list">
        {tags.map((tag) => (
          <li key={tag.key} className="govuk-!-display-inline-block govuk-!-margin-right-2">
            <a
              className="govuk-link govuk-tag govuk-tag--blue"
              href={linkTo(props.path, [tag.without, props.extra].filter(Boolean).join('&'), lang)}
            >
              {tag.text}
              <span className="govuk-visually-hidden"> – {text(lang, 'segmentRemove')}</span>
              <span aria-hidden="true"> ×</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The comparison's earlier period as asked, for links that keep it. */
export function beforeQuery(q: QueryValues): string {
  const params = new URLSearchParams();
  for (const key of ['beforeFrom', 'beforeTo']) {
    const value = firstOf(q[key])?.trim();
    if (value) params.set(key, value);
  }
  return params.toString();
}
