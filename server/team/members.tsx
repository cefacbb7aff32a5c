// Admins: invite, change the role of and remove members; read the audit log. Everyone: tags.
import type { ReactNode } from 'react';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Button, ErrorSummary } from '../../renderers';
import type { AuditEntry, Invitation, Member, Role, Tag } from '../storage/team-types';
import { form, langOf, query, notFoundPage, type TeamContext } from './context';
import { weekStart } from './figures';
import { withLang } from './layout';
import { invite, ROLES } from './invite';
import { hasRole } from './session';
import { Table } from './table';
import { auditText, formatDate, text, type TextKey, type UiLang } from './text';

const roleKey: Record<Role, TextKey> = { viewer: 'viewer', analyst: 'analyst', admin: 'admin' };
const AUDIT_PAGE = 100;
const WEEK = 7 * 24 * 60 * 60 * 1000;

function RoleSelect(props: {
  lang: UiLang;
  id: string;
  value?: Role;
  label: string;
  hidden?: boolean;
  /** No role chosen at first: the member has to pick one. */
  choose?: boolean;
  error?: string;
}) {
  return (
    <div className={props.error ? 'govuk-form-group govuk-form-group--error' : 'govuk-form-group'}>
      <label
        className={props.hidden ? 'govuk-label govuk-visually-hidden' : 'govuk-label'}
        htmlFor={props.id}
      >
        {props.label}
      </label>
      {props.error && (
        <p className="govuk-error-message" id={`${props.id}-error`}>
          <span className="govuk-visually-hidden">{text(props.lang, 'errorPrefix')}:</span>{' '}
          {props.error}
        </p>
      )}
      <select
        className={props.error ? 'govuk-select govuk-select--error' : 'govuk-select'}
        id={props.id}
        name="role"
        defaultValue={props.value ?? (props.choose ? '' : 'viewer')}
        aria-describedby={props.error ? `${props.id}-error` : undefined}
      >
        {props.choose && <option value="">{text(props.lang, 'chooseRole')}</option>}
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {text(props.lang, roleKey[role])}
          </option>
        ))}
      </select>
    </div>
  );
}

/** What was typed in the invite form, and what is wrong with it. */
export interface InviteForm {
  email?: string;
  role?: string;
  errors: { email?: TextKey; role?: TextKey };
}

function Members(props: {
  lang: UiLang;
  members: Member[];
  invitations: Invitation[];
  csrf: string;
  me: string;
  link?: string;
  invite?: InviteForm;
}) {
  const { lang } = props;
  const t = (key: TextKey, params?: Record<string, string | number>) => text(lang, key, params);
  const errors = props.invite?.errors ?? {};
  const errorList = (['email', 'role'] as const).flatMap((field) => {
    const key = errors[field];
    return key ? [{ href: `#${field}`, text: t(key) }] : [];
  });
  return (
    <>
      {errorList.length > 0 && (
        <div className="govuk-error-summary" data-module="govuk-error-summary">
          <div role="alert">
            <h2 className="govuk-error-summary__title">{t('thereIsAProblem')}</h2>
            <div className="govuk-error-summary__body">
              <ul className="govuk-list govuk-error-summary__list">
                {errorList.map((e) => (
                  <li key={e.href}>
                    <a href={e.href}>{e.text}</a>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </div>
      )}
      <h1 className="govuk-heading-l">{t('members')}</h1>
      {props.link && (
        <div className="govuk-panel govuk-panel--confirmation">
          <h2 className="govuk-panel__title">{t('invited')}</h2>
          <div className="govuk-panel__body">
            <code className="govuk-!-text-break-word">{props.link}</code>
          </div>
        </div>
      )}
      <Table
        caption={t('members')}
        captionSize="m"
        columns={[{ heading: t('email') }, { heading: t('role') }, { heading: t('actions') }]}
        rows={props.members.map((m, i) => ({
          key: m.id,
          cells: [
            m.email,
            t(roleKey[m.role]),
            m.id !== props.me && (
              <>
                <form method="post" action={withLang(`/team/members/${m.id}/role`, lang)}>
                  <input type="hidden" name="csrf" value={props.csrf} />
                  <RoleSelect
                    lang={lang}
                    id={`role-${i}`}
                    value={m.role}
                    label={t('roleOf', { email: m.email })}
                    hidden
                  />
                  <Button classes="govuk-button--secondary">
                    {t('changeRole')}
                    <span className="govuk-visually-hidden"> {m.email}</span>
                  </Button>
                </form>
                <form method="post" action={withLang(`/team/members/${m.id}/remove`, lang)}>
                  <input type="hidden" name="csrf" value={props.csrf} />
                  <Button classes="govuk-button--warning">
                    {t('remove')}
                    <span className="govuk-visually-hidden"> {m.email}</span>
                  </Button>
                </form>
              </>
            ),
          ],
        }))}
      />
      {props.invitations.length > 0 && (
        <Table
          caption={t('pendingInvitations')}
          captionSize="m"
          columns={[
            { heading: t('email') },
            { heading: t('role') },
            { heading: t('expires') },
            { heading: t('actions') },
          ]}
          rows={props.invitations.map((invitation) => ({
            key: invitation.tokenHash,
            cells: [
              invitation.email,
              t(roleKey[invitation.role]),
              formatDate(lang, invitation.expires, true),
              <form
                key="withdraw"
                method="post"
                action={withLang(`/team/invitations/${invitation.tokenHash}/withdraw`, lang)}
              >
                <input type="hidden" name="csrf" value={props.csrf} />
                <Button classes="govuk-button--warning">
                  {t('withdraw')}
                  <span className="govuk-visually-hidden"> {invitation.email}</span>
                </Button>
              </form>,
            ],
          }))}
        />
      )}
      <h2 className="govuk-heading-m">{t('inviteHeading')}</h2>
      <p className="govuk-body">{t('inviteIntro')}</p>
      <form method="post" action={withLang('/team/members', lang)} noValidate>
        <input type="hidden" name="csrf" value={props.csrf} />
        <div
          className={errors.email ? 'govuk-form-group govuk-form-group--error' : 'govuk-form-group'}
        >
          <label className="govuk-label" htmlFor="email">
            {t('email')}
          </label>
          {errors.email && (
            <p className="govuk-error-message" id="email-error">
              <span className="govuk-visually-hidden">{t('errorPrefix')}:</span> {t(errors.email)}
            </p>
          )}
          <input
            className={
              errors.email
                ? 'govuk-input govuk-input--width-30 govuk-input--error'
                : 'govuk-input govuk-input--width-30'
            }
            id="email"
            name="email"
            type="email"
            autoComplete="off"
            spellCheck={false}
            defaultValue={props.invite?.email}
            aria-describedby={errors.email ? 'email-error' : undefined}
          />
        </div>
        <RoleSelect
          lang={lang}
          id="role"
          label={t('role')}
          choose
          value={
            ROLES.includes(props.invite?.role as Role) ? (props.invite?.role as Role) : undefined
          }
          error={errors.role && t(errors.role)}
        />
        <Button>{t('createLink')}</Button>
      </form>
    </>
  );
}

function AuditLog(props: { lang: UiLang; entries: AuditEntry[]; emails: Map<string, string> }) {
  const { lang } = props;
  const t = (key: TextKey) => text(lang, key);
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
            auditText(lang, e.action),
            e.target ?? '',
          ],
        }))}
      />
    </>
  );
}

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

export function registerMembers(team: FastifyInstance, ctx: TeamContext): void {
  const { store } = ctx;

  const membersPage = async (
    request: Parameters<TeamContext['audit']>[0],
    reply: Parameters<TeamContext['render']>[1],
    link?: string,
    invite?: InviteForm,
  ) => {
    const lang = langOf(request);
    const failed = invite && Object.keys(invite.errors).length > 0;
    return ctx.render(
      request,
      reply,
      {
        title: `${failed ? `${text(lang, 'errorPrefix')}: ` : ''}${text(lang, 'members')}`,
        children: (
          <Members
            lang={lang}
            members={await store.listMembers()}
            invitations={await store.pendingInvitations(ctx.clock())}
            csrf={request.team!.csrf}
            me={request.team!.member.id}
            link={link}
            invite={invite}
          />
        ),
      },
      failed ? 400 : 200,
    );
  };
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    notFoundPage(ctx, request, reply);

  team.get('/team/members', { preHandler: ctx.allow('admin') }, async (request, reply) =>
    membersPage(request, reply),
  );

  team.post('/team/members', { preHandler: ctx.allow('admin') }, async (request, reply) => {
    const fields = form(request);
    const email = typeof fields.email === 'string' ? fields.email.trim() : '';
    const role = typeof fields.role === 'string' ? fields.role : '';
    const errors: InviteForm['errors'] = {};
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) errors.email = 'inviteEmailError';
    if (!ROLES.includes(role as Role)) errors.role = 'inviteRoleError';
    if (errors.email || errors.role)
      return membersPage(request, reply, undefined, { email, role, errors });
    const path = await invite(store, email, role as Role, ctx.clock(), request.team!.member);
    return membersPage(request, reply, new URL(path, ctx.publicUrl).href);
  });

  team.post<{ Params: { invitationHash: string } }>(
    '/team/invitations/:invitationHash/withdraw',
    { preHandler: ctx.allow('admin') },
    async (request, reply) => {
      const pending = (await store.pendingInvitations(ctx.clock())).find(
        (i) => i.tokenHash === request.params.invitationHash,
      );
      if (!pending || !(await store.withdrawInvitation(pending.tokenHash)))
        return notFound(request, reply);
      await ctx.audit(request, `withdraw-invite:${pending.role}`, pending.email);
      return reply.redirect(withLang('/team/members', langOf(request)), 303);
    },
  );

  team.post<{ Params: { memberId: string } }>(
    '/team/members/:memberId/role',
    { preHandler: ctx.allow('admin') },
    async (request, reply) => {
      const role = form(request).role as Role;
      const member = await store.getMember(request.params.memberId);
      if (!member) return notFound(request, reply);
      if (ROLES.includes(role) && member.id !== request.team!.member.id && role !== member.role) {
        await store.setRole(member.id, role);
        // An unused link for them would otherwise give back the old role.
        await store.cancelInvitations(member.email);
        await ctx.audit(request, `role:${role}`, member.email);
      }
      return reply.redirect(withLang('/team/members', langOf(request)), 303);
    },
  );

  team.post<{ Params: { memberId: string } }>(
    '/team/members/:memberId/remove',
    { preHandler: ctx.allow('admin') },
    async (request, reply) => {
      const member = await store.getMember(request.params.memberId);
      if (!member) return notFound(request, reply);
      if (member.id !== request.team!.member.id) {
        await store.removeMember(member.id);
        // An unused link for them would otherwise bring them back.
        await store.cancelInvitations(member.email);
        await ctx.audit(request, 'remove-member', member.email);
      }
      return reply.redirect(withLang('/team/members', langOf(request)), 303);
    },
  );

  team.get('/team/audit', { preHandler: ctx.allow('admin') }, async (request, reply) => {
    const lang = langOf(request);
    const page = Math.max(1, Number.parseInt(query(request).page ?? '1', 10) || 1);
    const entries = await ctx
      .reader(request)
      .auditLog({ limit: AUDIT_PAGE, offset: (page - 1) * AUDIT_PAGE });
    const emails = new Map((await store.listMembers()).map((m) => [m.id, m.email]));
    return ctx.render(request, reply, {
      title: text(lang, 'auditLog'),
      children: <AuditLog lang={lang} entries={entries} emails={emails} />,
    });
  });

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
    const thisWeek = weekStart(ctx.clock()).getTime();
    const weeks = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const start = new Date(thisWeek - i * WEEK);
        const to = new Date(start.getTime() + WEEK);
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
