// A team page's query (`survey`, `from`, `to`, `respondentLang`, `contact`, any number of
// `answer`, `tag`, `q`) read and checked in one place: the store filter it asks for, and what is wrong with it.
// Pages show the errors in a GOV.UK error summary instead of quietly showing every response.
import {
  allFields,
  isChoice,
  isLang,
  roleOf,
  type Option,
  type ResolvedField,
  type ResolvedSurvey,
} from '../../engine';
import { APPEND_SEPARATOR, joinOf, otherMode } from '../../engine/fields/choice';
import type { AnswerMatch, FeedbackFilter, Tag } from '../storage/team-types';
import { addDays, daysBetween, ukDay, ukMidnight } from '../uk-time';
import { contactFields } from './privacy';
import { searchTerm } from './search';
import type { TextKey } from './text';

/** The longest date range a page shows (its weekly trend stays a readable size). */
export const MAX_DAYS = 366;

/** A page's range when none is given: the last 30 days. */
export const DEFAULT_DAYS = 30;

/** The query keys a filter is made of, in the order links carry them. */
export const FILTER_KEYS = [
  'survey',
  'from',
  'to',
  'respondentLang',
  'contact',
  'answer',
  'tag',
  'q',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** A form control a filter error belongs to (the comparison adds the earlier period's dates). */
export type FilterControl = FilterKey | 'beforeFrom' | 'beforeTo';

export interface FilterError {
  /** The form control's id (the error summary links to it). */
  field: FilterControl;
  key: TextKey;
}

/** A page's query as Fastify reads it: a name given more than once is a list. */
export type QueryValues = Record<string, string | string[] | undefined>;

/** The filter's query values that were understood: one of each, any number of answers. */
export type KeptFilter = Partial<Record<Exclude<FilterKey, 'answer'>, string>> & {
  answer?: string[];
};

export interface ParsedFilter {
  /** What the store is asked for; without the date range defaults when the page has none. */
  filter: FeedbackFilter;
  /** The days the page covers, [from, to): the asked-for range or the default one. */
  range: { from: Date; to: Date };
  errors: FilterError[];
  /** The filter's query values that were understood, for links and removable tags. */
  kept: KeptFilter;
  /** The name of the tag filtered by, for its removable tag. */
  tagName?: string;
}

/** The first value of a query name (a name sent twice where one is read is read once). */
export const firstOf = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

/** One value of each name (the first), for a form showing what was asked. */
export const firstValues = (q: QueryValues): Record<string, string | undefined> =>
  Object.fromEntries(Object.entries(q).map(([name, value]) => [name, firstOf(value)]));

/** Every value of a query name, in order, empty ones left out. */
export const allOf = (value: string | string[] | undefined): string[] =>
  [value ?? []].flat().filter((v) => v.trim() !== '');

export interface FilterOptions {
  surveys: Map<string, ResolvedSurvey>;
  now: Date;
  /** The page is about this survey (a question's page): `survey` in the query is not read. */
  survey?: ResolvedSurvey;
  /** Pages with a trend always cover a range (the last 30 days unless asked); lists need not. */
  ranged?: boolean;
  tags?: Tag[];
}

/** A YYYY-MM-DD value as the start of that UK day; undefined when it is not a real day. */
export function day(value: string | undefined): Date | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  // 2026-02-30 would roll over to 2 March: only a date that reads back the same is real.
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
    ? ukMidnight(value)
    : undefined;
}

/** The start of the UK day `d` falls on. */
export const startOfDay = (d: Date) => ukMidnight(ukDay(d));

/**
 * The options of a choice question a segment can be made of: all of a radios question's; a
 * checkbox list's but an Other sent in its option's place (its text could be anything).
 */
export const segmentOptions = (field: ResolvedField) =>
  (field.options ?? []).filter(
    (o) => roleOf(field) === 'choice' || !(o.other && otherMode(field) === 'replace'),
  );

/** The choice questions (radios and checkbox lists) a segment can be made of. */
export const segmentFields = (survey: ResolvedSurvey) =>
  allFields(survey).filter((f) => isChoice(f) && segmentOptions(f).length);

/**
 * A checkbox list that ticked `option`: the list is sent joined (engine/fields/choice.ts),
 * options in their order and an Other entry last, so an option is matched between joins and,
 * when the Other's label and text are sent ('append'), before that entry.
 */
function tickedMatch(field: ResolvedField, option: Option): AnswerMatch {
  const join = joinOf(field);
  const other = (field.options ?? []).find((o) => o.other);
  const appended = (label: string) => [
    ...new Set([`${join}${label}${join}`, `${join}${label}${APPEND_SEPARATOR}`]),
  ];
  const ticked =
    option.other && otherMode(field) === 'append'
      ? { join, patterns: appended(option.label.en), stops: [] }
      : {
          join,
          patterns: [`${join}${option.value}${join}`],
          stops: other && otherMode(field) === 'append' ? appended(other.label.en) : [],
        };
  return { field: field.name, ticked };
}

/**
 * The match for one choice answer. An Other option sent in place of its option ('replace')
 * is any answer that is not another option; sent after its label ('append'), one holding the
 * label; sent on its own ('separate'), its value.
 */
export function choiceMatch(field: ResolvedField, value: string): AnswerMatch {
  const option = field.options?.find((o) => o.value === value);
  if (option && roleOf(field) === 'choices') return tickedMatch(field, option);
  if (!option?.other || otherMode(field) === 'separate') return { field: field.name, is: value };
  if (otherMode(field) === 'replace')
    return {
      field: field.name,
      otherThan: (field.options ?? []).filter((o) => !o.other).map((o) => o.value),
    };
  return { field: field.name, holds: option.label.en };
}

export function parseFilter(q: QueryValues, options: FilterOptions): ParsedFilter {
  const errors: FilterError[] = [];
  const kept: KeptFilter = {};
  const filter: FeedbackFilter = {};
  const value = (key: FilterKey) => (firstOf(q[key]) ?? '').trim();

  let survey = options.survey;
  if (!survey && value('survey')) {
    survey = options.surveys.get(value('survey'));
    if (survey) kept.survey = survey.id;
    else errors.push({ field: 'survey', key: 'filterSurveyUnknown' });
  }
  if (survey) filter.surveyId = survey.id;

  // Dates: real days, not after today, in order, and no longer than a page can show.
  const today = startOfDay(options.now);
  const date = (key: 'from' | 'to') => {
    if (!value(key)) return undefined;
    const d = day(value(key));
    if (!d)
      errors.push({ field: key, key: key === 'from' ? 'filterFromInvalid' : 'filterToInvalid' });
    else if (d > today)
      errors.push({ field: key, key: key === 'from' ? 'filterFromFuture' : 'filterToFuture' });
    else {
      kept[key] = value(key);
      return d;
    }
    return undefined;
  };
  const from = date('from');
  const to = date('to');
  // Days counted as UK days: a day of the clocks changing is 23 or 25 hours long.
  const lastDay = ukDay(to ?? today);
  if (from && to && from > to) errors.push({ field: 'from', key: 'filterReversed' });
  else if (from && daysBetween(ukDay(from), lastDay) >= MAX_DAYS)
    errors.push({ field: 'from', key: 'filterTooLong' });
  const end = ukMidnight(addDays(lastDay, 1));
  const range = { from: from ?? ukMidnight(addDays(lastDay, 1 - DEFAULT_DAYS)), to: end };
  if (options.ranged) Object.assign(filter, range);
  else {
    if (from) filter.from = from;
    if (to) filter.to = end;
  }

  const lang = value('respondentLang');
  if (isLang(lang) || lang === 'unknown') {
    filter.lang = lang;
    kept.respondentLang = lang;
  } else if (lang) errors.push({ field: 'respondentLang', key: 'filterLangUnknown' });

  const contact = value('contact');
  if (contact === 'yes') {
    const surveys = survey ? [survey] : [...options.surveys.values()];
    filter.anyOf = [...new Set(surveys.flatMap(contactFields))];
    kept.contact = 'yes';
  } else if (contact) errors.push({ field: 'contact', key: 'filterContactUnknown' });

  // Any number of choice answers, `field:value`, all of them (AND): a radios question's answer
  // or a ticked checkbox, of the survey (or of any survey).
  const answerable = survey ? [survey] : [...options.surveys.values()];
  const matches: AnswerMatch[] = [];
  for (const answer of new Set(allOf(q.answer).map((a) => a.trim()))) {
    const at = answer.indexOf(':');
    const [name, chosen] = at > 0 ? [answer.slice(0, at), answer.slice(at + 1)] : ['', ''];
    const field = answerable
      .flatMap(segmentFields)
      .find((f) => f.name === name && segmentOptions(f).some((o) => o.value === chosen));
    // Contact details match exactly, for the roles that may see them: a viewer's filter by
    // them is taken out after this (server/team/access/scope.ts), the same whether it would
    // match or not.
    const asked = answerable.flatMap(contactFields).includes(name);
    if (field) matches.push(choiceMatch(field, chosen));
    else if (asked && chosen) matches.push({ field: name, is: chosen });
    else {
      errors.push({ field: 'answer', key: 'filterAnswerUnknown' });
      continue;
    }
    (kept.answer ??= []).push(answer);
  }
  if (matches.length) filter.answers = matches;

  const tag = value('tag');
  const tagged = tag ? options.tags?.find((t) => t.id === tag) : undefined;
  if (tagged) {
    filter.tagId = tag;
    kept.tag = tag;
  } else if (tag) errors.push({ field: 'tag', key: 'filterTagUnknown' });

  const text = searchTerm(firstOf(q.q));
  if (text) {
    filter.text = text;
    kept.q = firstOf(q.q)!.trim();
  }
  return { filter, range, errors, kept, ...(tagged && { tagName: tagged.name }) };
}

/** The query string of a filter's kept values, without some of them, for links. */
export function filterQuery(kept: KeptFilter, without: FilterKey[] = []): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS)
    if (!without.includes(key)) for (const v of [kept[key] ?? []].flat()) params.append(key, v);
  return params.toString();
}

/** The kept values without one answer (its tag's link). */
export const withoutAnswer = (kept: KeptFilter, answer: string): KeptFilter => ({
  ...kept,
  answer: kept.answer?.filter((a) => a !== answer),
});
