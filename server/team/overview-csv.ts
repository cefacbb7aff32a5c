// The overview's figure tables as CSV, one file a kind of table, every survey the page shows in
// it (a Survey column first): responses by language, the headline scores, responses per week
// and the scores per week or month. The figures are rounded as the page shows them; days are
// UK days (YYYY-MM-DD); labels, notes and words are in the page's language.
import type { Note } from '../storage/team-types';
import { ukDay } from '../uk-time';
import type { CsvTable } from './figure-download';
import type { QuestionFigures } from './figures';
import type { OverviewSurvey } from './pages';
import { surveyName } from './privacy';
import { notesText } from './score-trends';
import { text, type TextKey, type UiLang } from './text';
import { notesIn, type ScoreTrend, type TrendPeriod } from './trends';
import { addDays, ukMidnight } from '../uk-time';

export const OVERVIEW_TABLES = ['counts', 'headlines', 'weeks', 'score-trends'] as const;
export type OverviewTable = (typeof OVERVIEW_TABLES)[number];

/** The link each table's download has on the overview. */
export const OVERVIEW_LABELS: Record<OverviewTable, TextKey> = {
  counts: 'downloadCounts',
  headlines: 'downloadHeadlines',
  weeks: 'downloadWeeks',
  'score-trends': 'downloadScoreTrends',
};

/** A headline score as the overview shows it: a whole percentage, or an NPS with its interval. */
export function headlineFigure(q: QuestionFigures) {
  if (q.n === 0) return undefined;
  if (q.nps)
    return {
      score: Math.round(q.nps.score),
      low: Math.round(q.nps.low),
      high: Math.round(q.nps.high),
    };
  return { score: Math.round((q.topTwo ?? 0) * 100) };
}

/** The kind of a headline score: CSAT, likely to recommend or NPS. */
export const headlineKind = (q: QuestionFigures): TextKey =>
  q.nps ? 'nps' : q.measure === 'satisfaction' ? 'csat' : 'recommend';

/** The questions with a headline score. */
export const scoredQuestions = (s: OverviewSurvey) =>
  s.figures.questions.filter((q) => q.topTwo !== undefined || q.nps);

/** The notes in a week starting at `start`. */
export const weekNotes = (notes: Note[], start: Date) =>
  notesIn(notes, { start, end: ukMidnight(addDays(ukDay(start), 7)) });

/** A score over time as the page's table shows it (whole numbers). */
export const trendFigure = (v: number | undefined) => (v === undefined ? '' : Math.round(v));

export function overviewCsv(
  lang: UiLang,
  table: OverviewTable,
  surveys: OverviewSurvey[],
  period: TrendPeriod,
): CsvTable {
  const t = (key: TextKey) => text(lang, key);
  const name = (s: OverviewSurvey) => surveyName(s.survey, lang);
  switch (table) {
    case 'counts':
      return {
        header: [t('survey'), t('all'), t('inEnglish'), t('inWelsh'), t('unknown')],
        rows: surveys.map((s) => {
          const c = s.figures.counts;
          return [name(s), c.all, c.en, c.cy, c.unknown];
        }),
      };
    case 'headlines':
      return {
        header: [
          t('survey'),
          t('question'),
          t('measure'),
          t('score'),
          t('crosstabLow'),
          t('crosstabHigh'),
          t('answered'),
          t('crosstabNote'),
        ],
        rows: surveys.flatMap((s) =>
          scoredQuestions(s).map((q) => {
            const figure = headlineFigure(q);
            return [
              name(s),
              q.field.label[lang],
              t(headlineKind(q)),
              figure?.score ?? '',
              figure?.low ?? '',
              figure?.high ?? '',
              q.n,
              q.n === 0 ? t('noAnswersYet') : q.lowSample ? t('fewAnswers') : '',
            ];
          }),
        ),
      };
    case 'weeks':
      return {
        header: [t('survey'), t('week'), t('responses'), t('crosstabNote'), t('notesColumn')],
        rows: surveys.flatMap((s) =>
          s.figures.weeks.map((w) => [
            name(s),
            ukDay(w.start),
            w.count,
            w.partial ? t('partialWeek') : '',
            notesText(lang, weekNotes(s.notes, w.start), s.notes),
          ]),
        ),
      };
    case 'score-trends':
      return {
        header: [
          t('survey'),
          t('question'),
          t('measure'),
          t(period === 'week' ? 'week' : 'month'),
          t('score'),
          t('crosstabLow'),
          t('crosstabHigh'),
          t('answered'),
          t('crosstabNote'),
          t('notesColumn'),
        ],
        rows: surveys.flatMap((s) =>
          s.trends.flatMap((trend) => trendRows(lang, s, trend, period)),
        ),
      };
  }
}

const TREND_KIND: Record<ScoreTrend['kind'], TextKey> = {
  csat: 'csat',
  recommend: 'recommend',
  nps: 'nps',
};

function trendRows(lang: UiLang, s: OverviewSurvey, trend: ScoreTrend, period: TrendPeriod) {
  const t = (key: TextKey) => text(lang, key);
  return trend.points.map((p) => {
    const notes: string[] = [];
    if (p.period.partial) notes.push(t(period === 'week' ? 'partialWeek' : 'partialMonth'));
    if (p.score === undefined) notes.push(t('noAnswers'));
    else if (p.lowSample) notes.push(t('fewAnswers'));
    return [
      surveyName(s.survey, lang),
      trend.field.label[lang],
      t(TREND_KIND[trend.kind]),
      // A month by its first day too: a spreadsheet sorts it.
      p.period.day,
      trendFigure(p.score),
      trendFigure(p.low),
      trendFigure(p.high),
      p.n,
      notes.join('; '),
      notesText(lang, notesIn(s.notes, p.period), s.notes),
    ];
  });
}
