// Tags (everyone sees them; analysts and admins make, rename and delete them): each tag's count
// of responses and its counts over the last eight weeks.
import type { ReactNode } from 'react';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Button, ErrorSummary } from '../../renderers';
import type { Tag } from '../storage/team-types';
import { form, langOf, notFoundPage, type TeamContext } from './context';
import { addDays, ukMidnight, ukWeekDay } from '../uk-time';
import { withLang } from './layout';
import { hasRole } from './session';
import { Table } from './table';
import { formatDate, text, type TextKey, type UiLang } from './text';

/** A tag name refused: for a new tag (no `tagId`) or a rename, with what was typed. */
export interface TagError {
  tagId?: string;
  key: TextKey;
  typed: string;
}

/** A tag name field, with its error and what was typed when the name was refused. */
function TagName(props: {
  lang: UiLang;
  id: string;
  label: ReactNode;
  labelClass: string;
  width: string;
  value: string | undefined;
  error: TextKey | undefined;
}) {
  const t = (key: TextKey) => text(props.lang, key);
  return (
    <div className={props.error ? 'govuk-form-group govuk-form-group--error' : 'govuk-form-group'}>
      <label className={props.labelClass} htmlFor={props.id}>
        {props.label}
      </label>
      {props.error && (
        <p className="govuk-error-message" id={`${props.id}-error`}>
          <span className="govuk-visually-hidden">{t('errorPrefix')}:</span> {t(props.error)}
        </p>
      )}
      <input
        className={`govuk-input govuk-input--width-${props.width}${props.error ? ' govuk-input--error' : ''}`}
        id={props.id}
        name="name"
        type="text"
        maxLength={40}
        defaultValue={props.value}
        aria-describedby={props.error ? `${props.id}-error` : undefined}
      />
    </div>
  );
}

function Tags(props: {
  lang: UiLang;
  tags: Tag[];
  counts: Map<string, number>;
  weeks: { start: Date; counts: Map<string, number> }[];
  csrf: string;
  canEdit: boolean;
  error?: TagError;
}) {
  const { lang, error } = props;
  const t = (key: TextKey) => text(lang, key);
  const errorIndex = error?.tagId ? props.tags.findIndex((tag) => tag.id === error.tagId) : -1;
  const errorField = errorIndex >= 0 ? `rename-${errorIndex}` : 'name';
  const errorFor = (tagId: string | undefined) =>
    error && error.tagId === tagId ? error : undefined;
  return (
    <>
      {error && (
        <ErrorSummary
          titleText={t('thereIsAProblem')}
          errorList={[{ href: `#${errorField}`, text: t(error.key) }]}
        />
      )}
      <h1 className="govuk-heading-l">{t('tags')}</h1>
      {props.tags.length > 0 && (
        <Table
          caption={t('tags')}
          captionSize="hidden"
          columns={[
            { heading: t('tag') },
            { heading: t('responses'), numeric: true },
            ...(props.canEdit ? [{ heading: t('actions') }] : []),
          ]}
          rows={props.tags.map((tag, i) => ({
            key: tag.id,
            cells: [
              <a className="govuk-link" href={withLang(`/team/responses?tag=${tag.id}`, lang)}>
                {tag.name}
              </a>,
              props.counts.get(tag.id) ?? 0,
              ...(props.canEdit
                ? [
                    <>
                      <form method="post" action={withLang(`/team/tags/${tag.id}/rename`, lang)}>
                        <input type="hidden" name="csrf" value={props.csrf} />
                        <TagName
                          lang={lang}
                          id={`rename-${i}`}
                          label={`${t('newNameFor')} ${tag.name}`}
                          labelClass="govuk-label"
                          width="10"
                          value={errorFor(tag.id)?.typed ?? tag.name}
                          error={errorFor(tag.id)?.key}
                        />
                        <Button classes="govuk-button--secondary">
                          {t('renameTag')}
                          <span className="govuk-visually-hidden"> {tag.name}</span>
                        </Button>
                      </form>
                      <form method="post" action={withLang(`/team/tags/${tag.id}/delete`, lang)}>
                        <input type="hidden" name="csrf" value={props.csrf} />
                        <Button classes="govuk-button--warning">
                          {t('deleteTag')}
                          <span className="govuk-visually-hidden"> {tag.name}</span>
                        </Button>
                      </form>
                    </>,
                  ]
                : []),
            ],
          }))}
        />
      )}
      {props.tags.length > 0 && (
        <Table
          caption={t('tagsOverTime')}
          columns={[
            { heading: t('week') },
            ...props.tags.map((tag) => ({ heading: tag.name, numeric: true })),
          ]}
          rowHeadings
          rows={props.weeks.map((w) => ({
            key: w.start.toISOString(),
            cells: [
              formatDate(lang, w.start),
              ...props.tags.map((tag) => w.counts.get(tag.id) ?? 0),
            ],
          }))}
        />
      )}
      {props.canEdit && (
        <form method="post" action={withLang('/team/tags', lang)}>
          <input type="hidden" name="csrf" value={props.csrf} />
          <TagName
            lang={lang}
            id="name"
            label={t('newTag')}
            labelClass="govuk-label govuk-label--m"
            width="20"
            value={errorFor(undefined)?.typed}
            error={errorFor(undefined)?.key}
          />
          <Button>{t('addTag')}</Button>
        </form>
      )}
    </>
  );
}

export function registerTags(team: FastifyInstance, ctx: TeamContext): void {
  const { store } = ctx;
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    notFoundPage(ctx, request, reply);

  const tagsPage = async (request: FastifyRequest, reply: FastifyReply, error?: TagError) => {
    const lang = langOf(request);
    const reader = ctx.reader(request);
    const tags = await reader.tags();
    const counts = new Map(
      await Promise.all(
        tags.map(async (tag) => [tag.id, await reader.count({ tagId: tag.id })] as const),
      ),
    );
    // Tagged responses received in each of the last eight weeks, newest first.
    // UK weeks: a week the clocks change in is an hour longer or shorter.
    const thisWeek = ukWeekDay(ctx.clock());
    const weeks = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const start = ukMidnight(addDays(thisWeek, -7 * i));
        const to = ukMidnight(addDays(thisWeek, 7 - 7 * i));
        const counts = await Promise.all(
          tags.map(
            async (tag) =>
              [tag.id, await reader.count({ tagId: tag.id, from: start, to })] as const,
          ),
        );
        return { start, counts: new Map(counts) };
      }),
    );
    return ctx.render(
      request,
      reply,
      {
        title: `${error ? `${text(lang, 'errorPrefix')}: ` : ''}${text(lang, 'tags')}`,
        children: (
          <Tags
            weeks={weeks}
            lang={lang}
            tags={tags}
            counts={counts}
            csrf={request.team!.csrf}
            canEdit={hasRole(request.team!.member, 'analyst')}
            error={error}
          />
        ),
      },
      error ? 400 : 200,
    );
  };
  team.get('/team/tags', { preHandler: ctx.allow('viewer') }, async (request, reply) =>
    tagsPage(request, reply),
  );

  // Tags are made, renamed and deleted by analysts and admins, who can also change them later.
  // A name is needed, of 40 characters at most, and no other tag may have it (in any case).
  const tagName = async (
    request: FastifyRequest,
    tagId?: string,
  ): Promise<{ name: string; error?: never } | { name?: never; error: TagError }> => {
    const typed = form(request).name;
    const name = typeof typed === 'string' ? typed.trim() : '';
    const refused = (key: TextKey) => ({ error: { tagId, key, typed: String(typed ?? '') } });
    if (!name) return refused('tagNameMissing');
    if (name.length > 40) return refused('tagNameLong');
    const same = (tag: Tag) => tag.name.toLowerCase() === name.toLowerCase() && tag.id !== tagId;
    if ((await ctx.reader(request).tags()).some(same)) return refused('tagNameTaken');
    return { name };
  };
  const toTags = (request: FastifyRequest, reply: FastifyReply) =>
    reply.redirect(withLang('/team/tags', langOf(request)), 303);

  team.post('/team/tags', { preHandler: ctx.allow('analyst') }, async (request, reply) => {
    const checked = await tagName(request);
    if (!checked.name) return tagsPage(request, reply, checked.error);
    await store.addTag(checked.name);
    await ctx.audit(request, 'tag-create', checked.name);
    return toTags(request, reply);
  });

  team.post<{ Params: { tagId: string } }>(
    '/team/tags/:tagId/rename',
    { preHandler: ctx.allow('analyst') },
    async (request, reply) => {
      const tag = (await ctx.reader(request).tags()).find((t) => t.id === request.params.tagId);
      if (!tag) return notFound(request, reply);
      const checked = await tagName(request, tag.id);
      if (!checked.name) return tagsPage(request, reply, checked.error);
      if (await store.renameTag(tag.id, checked.name))
        await ctx.audit(request, 'tag-rename', `${tag.name} → ${checked.name}`);
      return toTags(request, reply);
    },
  );

  team.post<{ Params: { tagId: string } }>(
    '/team/tags/:tagId/delete',
    { preHandler: ctx.allow('analyst') },
    async (request, reply) => {
      const tag = (await ctx.reader(request).tags()).find((t) => t.id === request.params.tagId);
      if (!tag) return notFound(request, reply);
      await store.removeTag(tag.id);
      await ctx.audit(request, 'tag-delete', tag.name);
      return toTags(request, reply);
    },
  );
}
