// GET /team/words (and words.csv): the words and two-word phrases respondents typed most, per
// language, for the responses the segment chooses (./frequent-words.ts), each a link to the
// answers holding it and, for a member who may make themes, to a new theme of it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { langOf, queryValues, type TeamContext } from './context';
import { FigureBlock, registerFigureCsv } from './figure-download';
import { filterQuery, type ParsedFilter } from './filters';
import type { Frequent, FrequentWords } from './frequent-words';
import { linkTo, FilterErrors, DateRange, SegmentControls, titleOf } from './segments';
import { hasRole } from './session';
import { Table } from './table';
import { text, type TextKey, type UiLang } from './text';
import { FALLBACK_MAX, wordCounts, type WordCounts } from './word-counts';

export const WORDS_PATH = '/team/words';

const LANG_KEY: Record<FrequentWords['lang'], TextKey> = {
  en: 'english',
  cy: 'welsh',
  unknown: 'unknown',
};

const HEADING_KEY: Record<FrequentWords['lang'], TextKey> = {
  en: 'wordsInEn',
  cy: 'wordsInCy',
  unknown: 'wordsInUnknown',
};

/** The responses list for the answers holding `found`, in the same segment and language. */
function answersHref(lang: UiLang, parsed: ParsedFilter, group: FrequentWords, found: Frequent) {
  const kept = new URLSearchParams(filterQuery({ ...parsed.kept, respondentLang: group.lang }));
  kept.set('q', found.text);
  return linkTo('/team/responses', kept.toString(), lang);
}

/** The new-theme form with the word or phrase as its name and a term in the answers' language. */
function themeHref(lang: UiLang, group: FrequentWords, found: Frequent) {
  const prefill = new URLSearchParams({ name: found.text });
  prefill.set(group.lang === 'cy' ? 'termsCy' : 'termsEn', found.text);
  return linkTo('/team/themes/new', prefill.toString(), lang);
}

function WordTable(props: {
  lang: UiLang;
  caption: string;
  group: FrequentWords;
  found: Frequent[];
  parsed: ParsedFilter;
  themes: boolean;
}) {
  const { lang, group } = props;
  const t = (key: TextKey, params?: Record<string, string>) => text(lang, key, params);
  return (
    <Table
      caption={props.caption}
      rowHeadings
      columns={[
        { heading: t('wordsText') },
        { heading: t('responses'), numeric: true },
        { heading: t('wordsActions') },
      ]}
      rows={props.found.map((found) => ({
        key: found.text,
        cells: [
          <span key="w" lang={group.lang === 'cy' ? 'cy' : group.lang === 'en' ? 'en' : undefined}>
            {found.text}
          </span>,
          found.responses,
          <ul key="a" className="govuk-list govuk-!-margin-bottom-0">
            <li>
              <a className="govuk-link" href={answersHref(lang, props.parsed, group, found)}>
                {t('wordsAnswers')}
                <span className="govuk-visually-hidden"> “{found.text}”</span>
              </a>
            </li>
            {props.themes && (
              <li>
                <a className="govuk-link" href={themeHref(lang, group, found)}>
                  {t('wordsTheme')}
                  <span className="govuk-visually-hidden"> “{found.text}”</span>
                </a>
              </li>
            )}
          </ul>,
        ],
      }))}
    />
  );
}

export function registerWords(team: FastifyInstance, ctx: TeamContext): void {
  const read = async (request: FastifyRequest) => {
    const reader = ctx.reader(request);
    const parsed = await reader.segment(queryValues(request), { ranged: true });
    const counts: WordCounts = parsed.errors.length
      ? { groups: [], waiting: 0 }
      : await wordCounts(reader, ctx.surveys, parsed.filter);
    return { parsed, counts, groups: counts.groups };
  };

  team.get(WORDS_PATH, { preHandler: ctx.allow('viewer') }, async (request, reply) => {
    const lang = langOf(request);
    const t = (key: TextKey, params?: Record<string, string>) => text(lang, key, params);
    const { parsed, counts, groups } = await read(request);
    const themes = hasRole(request.team!.member, 'analyst');
    const filters = filterQuery(parsed.kept);
    return ctx.render(
      request,
      reply,
      {
        title: titleOf(lang, t('words'), parsed),
        query: parsed.query,
        children: (
          <>
            <FilterErrors lang={lang} parsed={parsed} />
            <h1 className="govuk-heading-l">{t('words')}</h1>
            <p className="govuk-body">{t('wordsIntro')}</p>
            <DateRange lang={lang} range={parsed.range} />
            <SegmentControls
              lang={lang}
              action={WORDS_PATH}
              parsed={parsed}
              query={parsed.query}
              surveys={[...ctx.surveys.values()]}
              surveySelect
            />
            {counts.refused && (
              <div className="govuk-inset-text">
                {counts.refused === 'tooMany'
                  ? t('wordsTooMany', { max: FALLBACK_MAX.toLocaleString('en-GB') })
                  : t('wordsWorkingOut')}
              </div>
            )}
            {counts.waiting > 0 && <div className="govuk-inset-text">{t('wordsWaiting')}</div>}
            {!parsed.errors.length && !counts.refused && !groups.length && (
              <p className="govuk-body">{t('wordsNone')}</p>
            )}
            {groups.length > 0 && (
              <FigureBlock lang={lang} download={{ path: `${WORDS_PATH}.csv`, query: filters }}>
                {groups.map((group) => (
                  <section key={group.lang}>
                    <h2 className="govuk-heading-m">{t(HEADING_KEY[group.lang])}</h2>
                    <p className="govuk-body">
                      {t('wordsResponses', { n: String(group.responses) })}
                    </p>
                    {(['words', 'phrases'] as const).map((kind) => (
                      <WordTable
                        key={kind}
                        lang={lang}
                        caption={t(kind === 'words' ? 'wordsWords' : 'wordsPhrases', {
                          lang: t(LANG_KEY[group.lang]),
                        })}
                        group={group}
                        found={group[kind]}
                        parsed={parsed}
                        themes={themes}
                      />
                    ))}
                  </section>
                ))}
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
    `${WORDS_PATH}.csv`,
    'words',
    async (request) => {
      const { parsed, counts, groups } = await read(request);
      // Refused, or not all counted yet: the page says why.
      if (parsed.errors.length || counts.refused || counts.waiting) return 'back';
      const lang = langOf(request);
      const t = (key: TextKey) => text(lang, key);
      const rows = groups.flatMap((group) =>
        (['words', 'phrases'] as const).flatMap((kind) =>
          group[kind].map((found) => [
            t(LANG_KEY[group.lang]),
            t(kind === 'words' ? 'wordsWord' : 'wordsPhrase'),
            found.text,
            found.responses,
          ]),
        ),
      );
      return {
        header: [t('respondentLanguage'), t('wordsKind'), t('wordsText'), t('responses')],
        rows,
      };
    },
    WORDS_PATH,
  );
}
