// GET /team/pooled?question=&scale= (and pooled.csv): a question several surveys share
// (./pooled.ts), each survey's figures and all of them together, for the responses the segment
// chooses, read through the member's reader.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { langOf, notFoundPage, query, queryValues, type TeamContext } from './context';
import { figureRow, type FigureRow } from './crosstab';
import { FigureBlock, joinQuery, registerFigureCsv } from './figure-download';
import { figureCsv, FigureTable, type LabelledRow } from './figure-table';
import { filterQuery } from './filters';
import { sharedQuestions, type SharedQuestion } from './pooled';
import { surveyName } from './privacy';
import { FilterErrors, DateRange, SegmentControls, titleOf } from './segments';
import { text, type TextKey, type UiLang } from './text';

export const POOLED_PATH = '/team/pooled';

/** The query that names a shared question. */
export const pooledQuery = (question: Pick<SharedQuestion, 'name' | 'scale'>) =>
  `question=${encodeURIComponent(question.name)}&scale=${encodeURIComponent(question.scale)}`;

export function registerPooled(team: FastifyInstance, ctx: TeamContext): void {
  const shared = sharedQuestions(ctx.surveys.values());

  const read = async (request: FastifyRequest) => {
    const q = query(request);
    const question = shared.find((s) => s.name === q.question && s.scale === q.scale);
    if (!question) return undefined;
    const reader = ctx.reader(request);
    // The segment without a survey: the question's surveys are the page's.
    const { survey: _survey, ...asked } = queryValues(request);
    const parsed = await reader.segment(asked, { ranged: true });
    const { name } = question;
    const first = question.asked[0]!.field;
    const measure = first.scale ? ctx.scales[first.scale]?.measure : undefined;
    const all = new Map<string, number>();
    const rows: { survey: string; row: FigureRow }[] = [];
    if (!parsed.errors.length)
      for (const { survey, field } of question.asked) {
        const counted = await reader.tally({ ...parsed.filter, surveyId: survey.id }, [name]);
        const sent = new Map<string, number>();
        for (const a of counted.answers)
          if (a.field === name) {
            sent.set(a.value, (sent.get(a.value) ?? 0) + a.n);
            all.set(a.value, (all.get(a.value) ?? 0) + a.n);
          }
        rows.push({ survey: survey.id, row: figureRow(field, measure, sent) });
      }
    const labelled = (lang: UiLang): LabelledRow[] =>
      parsed.errors.length
        ? []
        : [
            ...rows.map(({ survey, row }) => ({
              label: surveyName(ctx.surveys.get(survey)!, lang),
              row,
            })),
            { label: text(lang, 'pooledAll'), row: figureRow(first, measure, all) },
          ];
    return { question, parsed, first, measure, labelled };
  };

  team.get(POOLED_PATH, { preHandler: ctx.allow('viewer') }, async (request, reply) => {
    const found = await read(request);
    if (!found) return notFoundPage(ctx, request, reply);
    const { question, parsed, first, measure } = found;
    const lang = langOf(request);
    const t = (key: TextKey, params?: Record<string, string>) => text(lang, key, params);
    const choice = pooledQuery(question);
    const filters = filterQuery(parsed.kept);
    const surveys = question.asked.map((a) => a.survey);
    return ctx.render(
      request,
      reply,
      {
        title: titleOf(lang, `${first.label[lang]}: ${t('pooled')}`, parsed),
        query: parsed.query,
        children: (
          <>
            <FilterErrors lang={lang} parsed={parsed} />
            <span className="govuk-caption-l">{t('pooled')}</span>
            <h1 className="govuk-heading-l">{first.label[lang]}</h1>
            <p className="govuk-body">{t('pooledIntro')}</p>
            <DateRange lang={lang} range={parsed.range} />
            <SegmentControls
              lang={lang}
              action={POOLED_PATH}
              parsed={parsed}
              query={parsed.query}
              surveys={surveys}
              extra={{ question: question.name, scale: question.scale }}
              tagsKeep={choice}
            />
            {!parsed.errors.length && (
              <FigureBlock
                lang={lang}
                download={{ path: `${POOLED_PATH}.csv`, query: joinQuery(filters, choice) }}
              >
                <FigureTable
                  lang={lang}
                  caption={t('pooledCaption', { question: first.label[lang] })}
                  first={t('survey')}
                  score={first}
                  measure={measure}
                  rows={found.labelled(lang)}
                />
              </FigureBlock>
            )}
          </>
        ),
      },
      parsed.errors.length ? 400 : 200,
    );
  });

  registerFigureCsv(
    team,
    ctx,
    `${POOLED_PATH}.csv`,
    'pooled',
    async (request) => {
      const found = await read(request);
      if (!found) return undefined;
      if (found.parsed.errors.length) return 'back';
      const lang = langOf(request);
      return figureCsv(
        lang,
        text(lang, 'survey'),
        found.first,
        found.measure,
        found.labelled(lang),
      );
    },
    POOLED_PATH,
  );
}
