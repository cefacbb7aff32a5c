// GET /team/methods: how the team's figures are worked out, for a non-statistician, in the
// member's language; every figure page links to it (./figure-download.tsx, `FigureLinks`).
import type { FastifyInstance } from 'fastify';
import { langOf, type TeamContext } from './context';
import { METHODS_PATH } from './figure-download';
import { text, type TextKey } from './text';

/** The page's sections: a heading and its paragraphs, in reading order. */
const SECTIONS: { id: string; heading: TextKey; paragraphs: TextKey[] }[] = [
  { id: 'csat', heading: 'methodsCsatHeading', paragraphs: ['methodsCsat'] },
  { id: 'nps', heading: 'methodsNpsHeading', paragraphs: ['methodsNps'] },
  { id: 'shares', heading: 'methodsSharesHeading', paragraphs: ['methodsShares'] },
  {
    id: 'intervals',
    heading: 'methodsIntervalsHeading',
    paragraphs: ['methodsIntervals', 'methodsIntervalsShare', 'methodsIntervalsNps'],
  },
  {
    id: 'changes',
    heading: 'methodsChangesHeading',
    paragraphs: ['methodsChanges', 'methodsChangesShare'],
  },
  {
    id: 'tests',
    heading: 'methodsTestsHeading',
    paragraphs: ['methodsTests', 'methodsTestsShare', 'methodsTestsFew'],
  },
  { id: 'many', heading: 'methodsManyHeading', paragraphs: ['methodsMany'] },
  { id: 'days', heading: 'methodsDaysHeading', paragraphs: ['methodsDays'] },
  {
    id: 'themes',
    heading: 'methodsThemesHeading',
    paragraphs: ['methodsThemes', 'methodsMutations'],
  },
  { id: 'unknown', heading: 'methodsUnknownHeading', paragraphs: ['methodsUnknown'] },
];

export function registerMethods(team: FastifyInstance, ctx: TeamContext): void {
  team.get(METHODS_PATH, { preHandler: ctx.allow('viewer') }, async (request, reply) => {
    const lang = langOf(request);
    const t = (key: TextKey) => text(lang, key);
    return ctx.render(request, reply, {
      title: t('methodsTitle'),
      children: (
        <div className="govuk-grid-row">
          <div className="govuk-grid-column-two-thirds">
            <h1 className="govuk-heading-l">{t('methodsTitle')}</h1>
            <p className="govuk-body">{t('methodsIntro')}</p>
            <nav aria-labelledby="methods-contents">
              <h2 className="govuk-heading-s" id="methods-contents">
                {t('contents')}
              </h2>
              <ul className="govuk-list">
                {SECTIONS.map((s) => (
                  <li key={s.id}>
                    <a className="govuk-link" href={`#${s.id}`}>
                      {t(s.heading)}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            {SECTIONS.map((s) => (
              <section key={s.id} aria-labelledby={s.id}>
                <h2 className="govuk-heading-m" id={s.id}>
                  {t(s.heading)}
                </h2>
                {s.paragraphs.map((p) => (
                  <p key={p} className="govuk-body">
                    {t(p)}
                  </p>
                ))}
              </section>
            ))}
          </div>
        </div>
      ),
    });
  });
}
