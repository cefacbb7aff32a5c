// GET /team/audit (admins): who did what, when, to which record, in the member's words, a page
// at a time. Codes stay as stored; their words are the page's.
import type { FastifyInstance } from 'fastify';
import { allFields, type ResolvedSurvey } from '../../engine';
import type { AuditEntry } from '../storage/team-types';
import { langOf, query, type TeamContext } from './context';
import { withLang } from './layout';
import { pageOf, Pagination } from './pagination';
import { Table } from './table';
import { auditText, formatDate, text, type TextKey, type UiLang } from './text';

const AUDIT_PAGE = 100;

/**
 * A personal search's parts as recorded (`q; answer=email,phone; contact`) in words: the
 * fields by their labels in the member's language.
 */
export function searchedParts(
  lang: UiLang,
  target: string,
  surveys: Iterable<ResolvedSurvey>,
): string {
  const labels = new Map<string, string>();
  for (const survey of surveys)
    for (const field of allFields(survey))
      if (!labels.has(field.name)) labels.set(field.name, field.label[lang]);
  return target
    .split('; ')
    .map((part) => {
      if (part === 'q') return text(lang, 'auditPartSearch');
      if (part === 'contact') return text(lang, 'auditPartContact');
      if (part.startsWith('answer=')) {
        const names = part.slice('answer='.length).split(',');
        return text(lang, 'auditPartAnswers', {
          fields: names.map((name) => labels.get(name) ?? name).join(', '),
        });
      }
      return part;
    })
    .join('; ');
}

function AuditLog(props: {
  lang: UiLang;
  entries: AuditEntry[];
  emails: Map<string, string>;
  surveys: Iterable<ResolvedSurvey>;
  page: number;
  pages: number;
}) {
  const { lang } = props;
  const t = (key: TextKey) => text(lang, key);
  const what = (e: AuditEntry) => {
    const action = auditText(lang, e.action);
    return e.times ? text(lang, 'auditTimes', { action, count: e.times }) : action;
  };
  const record = (e: AuditEntry) =>
    e.action === 'search-personal' && e.target
      ? searchedParts(lang, e.target, props.surveys)
      : (e.target ?? '');
  return (
    <>
      <h1 className="govuk-heading-l">{t('auditLog')}</h1>
      <p className="govuk-body">{t('auditIntro')}</p>
      <Table
        caption={t('auditLog')}
        captionSize="hidden"
        columns={[
          { heading: t('when') },
          { heading: t('who') },
          { heading: t('what') },
          { heading: t('record') },
        ]}
        rows={props.entries.map((e, i) => ({
          key: String(i),
          cells: [
            formatDate(lang, e.at, true),
            // As they were at the time; older entries have only the id.
            e.actor ?? (e.memberId && props.emails.get(e.memberId)) ?? e.memberId ?? '–',
            what(e),
            record(e),
          ],
        }))}
      />
      <Pagination
        lang={lang}
        page={props.page}
        pages={props.pages}
        href={(n) => withLang(`/team/audit?page=${n}`, lang)}
      />
    </>
  );
}

export function registerAudit(team: FastifyInstance, ctx: TeamContext): void {
  team.get('/team/audit', { preHandler: ctx.allow('admin') }, async (request, reply) => {
    const lang = langOf(request);
    const reader = ctx.reader(request);
    // The page asked for, within the pages there are (past the end, the last).
    const { page, pages, limit, offset } = pageOf(
      await reader.auditCount(),
      AUDIT_PAGE,
      query(request).page,
    );
    const entries = await reader.auditLog({ limit, offset });
    const emails = new Map((await ctx.store.listMembers()).map((m) => [m.id, m.email]));
    return ctx.render(request, reply, {
      title: text(lang, 'auditLog'),
      children: (
        <AuditLog
          lang={lang}
          entries={entries}
          emails={emails}
          surveys={ctx.surveys.values()}
          page={page}
          pages={pages}
        />
      ),
    });
  });
}
