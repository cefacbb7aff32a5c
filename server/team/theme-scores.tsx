// A theme broken down by score: for each satisfaction question of the chosen surveys (the same
// question on the same scale counted together), and each of its answers, how many responses gave
// that answer and the theme's share of them, with a Wilson 95% interval. Counted by the database
// through the member's reader: each answer's responses from the per-day counts where they serve,
// the theme's from its kept matches (server/storage/theme-match-sql.ts).
import type { ResolvedField, ResolvedSurvey } from '../../engine';
import type { FeedbackFilter } from '../storage/team-types';
import type { TeamReader } from './access';
import { chosen, choiceFields, type Scales } from './figures';
import { percentCell } from './figure-csv';
import { FigureLinks, type Download } from './figure-download';
import { wilsonInterval, type Interval } from './statistics';
import { Table } from './table';
import { text, type TextKey, type UiLang } from './text';

export interface ThemeScoreRow {
  /** An option's value, or undefined for every answer together. */
  value?: string;
  label?: ResolvedField['label'];
  /** Responses that gave the answer. */
  n: number;
  /** Of them, those holding the theme. */
  count: number;
  interval?: Interval;
}

export interface ThemeScores {
  field: ResolvedField;
  rows: ThemeScoreRow[];
}

/** The satisfaction questions of these surveys, each name and scale once, with its surveys. */
function satisfactionQuestions(surveys: ResolvedSurvey[], scales: Scales) {
  const found = new Map<string, { field: ResolvedField; surveys: string[] }>();
  for (const survey of surveys)
    for (const field of choiceFields(survey)) {
      if (!field.scale || scales[field.scale]?.measure !== 'satisfaction') continue;
      const key = JSON.stringify([field.name, field.scale]);
      const entry = found.get(key) ?? { field, surveys: [] };
      entry.surveys.push(survey.id);
      found.set(key, entry);
    }
  return [...found.values()];
}

/** The theme's share among each answer to each satisfaction question. */
export async function themeScores(
  reader: TeamReader,
  surveys: ResolvedSurvey[],
  scales: Scales,
  filter: FeedbackFilter,
  themeId: string,
): Promise<ThemeScores[]> {
  // Every query at once: the database takes them in turn without waiting for this side.
  const questions = await Promise.all(
    satisfactionQuestions(surveys, scales).map(async ({ field, surveys: ids }) => ({
      field,
      counted: await Promise.all(
        ids.map((surveyId) =>
          Promise.all([
            reader.answerTally({ ...filter, surveyId }, [field.name]),
            reader.answerTally({ ...filter, surveyId, theme: themeId }, [field.name]),
          ]),
        ),
      ),
    })),
  );
  const result: ThemeScores[] = [];
  for (const { field, counted } of questions) {
    const tallies = new Map<string, { n: number; count: number }>();
    // Each sent answer once with how many sent it, read back as the options it holds.
    const add = (key: 'n' | 'count', sent: string, times: number) => {
      for (const value of chosen(field, sent)) {
        const t = tallies.get(value) ?? { n: 0, count: 0 };
        t[key] += times;
        tallies.set(value, t);
      }
    };
    for (const [all, theirs] of counted) {
      for (const a of all) if (a.field === field.name) add('n', a.value, a.n);
      for (const a of theirs) if (a.field === field.name) add('count', a.value, a.n);
    }
    const row = (n: number, count: number) => ({
      n,
      count,
      ...(n ? { interval: wilsonInterval(count, n) } : {}),
    });
    const options = (field.options ?? []).map((o) => ({
      value: o.value,
      label: o.label,
      ...row(tallies.get(o.value)?.n ?? 0, tallies.get(o.value)?.count ?? 0),
    }));
    const sum = (key: 'n' | 'count') => options.reduce((total, o) => total + o[key], 0);
    result.push({ field, rows: [...options, row(sum('n'), sum('count'))] });
  }
  return result;
}

const percent = (share: number) => `${percentCell(share).toFixed(1)}%`;

/** The tables as one CSV: a row per question and answer (./figure-csv.ts). */
export function themeScoresCsv(lang: UiLang, scores: ThemeScores[]) {
  const t = (key: TextKey) => text(lang, key);
  return {
    header: [
      t('question'),
      t('answer'),
      t('answered'),
      t('themeMatching'),
      t('percentage'),
      `${t('percentage')}: ${t('crosstabLow')}`,
      `${t('percentage')}: ${t('crosstabHigh')}`,
    ],
    rows: scores.flatMap(({ field, rows }) =>
      rows.map((r) => [
        field.label[lang],
        r.label ? r.label[lang] : t('all'),
        r.n,
        r.count,
        ...(r.interval
          ? [r.count / r.n, r.interval.low, r.interval.high].map(percentCell)
          : ['', '', '']),
      ]),
    ),
  };
}

/** The theme-by-score tables, and the links to them as CSV (`csv`, when there are any) and to the methods. */
export function ThemeScoresTables(props: { lang: UiLang; scores: ThemeScores[]; csv?: Download }) {
  const { lang } = props;
  const t = (key: TextKey, params?: Record<string, string>) => text(lang, key, params);
  return (
    <>
      {props.scores.map(({ field, rows }) => (
        <Table
          key={`${field.name}|${field.scale}`}
          caption={t('themeByScore', { question: field.label[lang] })}
          captionSize="m"
          rowHeadings
          columns={[
            { heading: t('answer') },
            { heading: t('answered'), numeric: true },
            { heading: t('themeMatching'), numeric: true },
            { heading: t('percentage'), numeric: true },
          ]}
          rows={rows.map((r) => ({
            key: r.value ?? '',
            cells: [
              r.label ? r.label[lang] : t('all'),
              r.n,
              r.count,
              r.interval ? (
                <>
                  {percent(r.count / r.n)}
                  <span className="govuk-body-s govuk-!-display-block govuk-!-margin-bottom-0">
                    {t('interval', {
                      low: percent(r.interval.low),
                      high: percent(r.interval.high),
                    })}
                  </span>
                </>
              ) : (
                '–'
              ),
            ],
          }))}
        />
      ))}
      {props.csv && props.scores.length > 0 && <FigureLinks lang={lang} downloads={[props.csv]} />}
    </>
  );
}
