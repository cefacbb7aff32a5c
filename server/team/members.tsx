// Admins: invite, change the role of and remove members, and withdraw invitations.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Button, ErrorSummary } from '../../renderers';
import type { Invitation, Member, Role } from '../storage/team-types';
import { form, langOf, notFoundPage, type TeamContext } from './context';
import { withLang } from './layout';
import { invite, ROLES } from './invite';
import { Table } from './table';
import { formatDate, text, type TextKey, type UiLang } from './text';

const roleKey: Record<Role, TextKey> = { viewer: 'viewer', analyst: 'analyst', admin: 'admin' };

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
        <ErrorSummary titleText={t('thereIsAProblem')} errorList={errorList} />
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
}
