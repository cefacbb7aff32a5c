// The feedback team's area under /team: passkey sign-in, sessions, roles and the pages.
// Everything is registered in one encapsulated plugin, so its body parser and cookie hook
// touch no respondent route.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ResolvedSurvey } from '../../engine';
import { readShared } from '../../engine/check/folders';
import type { LimitStore } from '../storage/limits';
import type { MaskOptions } from '../storage/mask-sql';
import type { Role, TeamStore } from '../storage/team-types';
import { langOf, type TeamContext } from './context';
import { teamData } from './access';
import { choiceFields, type Scales } from './figures';
import { renderPage, stylesheetHref, withLang } from './layout';
import { registerAudit } from './audit-page';
import { registerMembers } from './members';
import { registerNotes } from './notes-page';
import { registerTags } from './tags-page';
import { registerCompare } from './compare-page';
import { registerOverview } from './overview';
import { registerThemes } from './themes-pages';
import { wordSource } from './word-source';
import { themeMatcher } from './theme-matcher';
import { Message, PasskeyForm } from './pages';
import { refuse, refuseControlCharacters, refuseSearchTimeouts } from './refusals';
import { registerPasskeys } from './passkeys';
import { MASK_PASS, maskAnswers } from './privacy';
import { registerQuestions } from './questions';
import { registerCrosstab } from './crosstab-page';
import { registerPooled } from './pooled-page';
import { registerWords } from './words-page';
import { registerMethods } from './methods-page';
import { registerResponses } from './responses';
import { takeTurns } from './turns';
import { registerSso, SSO_SIGN_OUT_PATH, SSO_START_PATH } from './sso';
import type { OidcSettings } from './sso-config';
import {
  ABSOLUTE_MS,
  csrfMatches,
  currentSession,
  endSession,
  hasRole,
  IDLE_MS,
  nextAfterSignIn,
  pendingCookies,
  sha256,
  type Signedin,
} from './session';
import { text } from './text';
import { warmUp } from './warm-up';

export interface TeamOptions {
  store: TeamStore;
  /** The rate limits' counters (failed sign-ins are limited per client). */
  limits: LimitStore;
  surveys: Map<string, ResolvedSurvey>;
  clock?: () => Date;
  /** Where the built app is, for its stylesheet (default 'dist'). */
  distDir?: string;
  /** Signs WebAuthn challenges; set TEAM_SECRET to the same value on every instance. */
  secret?: string;
  /** The public origin (PUBLIC_URL): invitation links, the passkey origin and relying party. */
  origin: string;
  /** How long feedback is kept (for the deletion date on a response); default RETENTION_MONTHS. */
  /** Months feedback is kept, for the deletion date shown (default 3). */
  retentionMonths?: number;
  /** Single sign-on with the organisation's OpenID Connect provider; off when absent. */
  oidc?: OidcSettings;
}

const AUDIT_MONTHS = 12;
const SCRIPT = readFileSync(new URL('./client/passkey.js', import.meta.url), 'utf8');

declare module 'fastify' {
  interface FastifyRequest {
    team?: Signedin;
  }
  interface FastifyInstance {
    /** Every route the team area registers, as Fastify saw it (its tests are generated from it). */
    teamRoutes?: readonly TeamRoute[];
  }
}

/** A route of the team area: its method and its address pattern (`/team/themes/:themeId`). */
export interface TeamRoute {
  method: string;
  url: string;
}

/**
 * The team's work over the stored responses at start, run in the background once the database
 * is ready (server/startup.ts): the per-day counts, the masking pass, the themes' matches, the
 * word index.
 */
export const teamStartupWork = (
  store: TeamStore,
  surveys: Map<string, ResolvedSurvey>,
  masking: MaskOptions = {},
) => [
  {
    name: 'per-day counts',
    // The database keeps per-day counts of the questions the figures are made from.
    run: () =>
      store.keepTallies(
        Object.fromEntries(
          [...surveys.values()].map((s) => [s.id, choiceFields(s).map((f) => f.name)]),
        ),
      ),
  },
  {
    name: 'masking pass',
    // Rows stored before answers were masked on the way in are masked now, once (their words
    // are then cut again by keepWords' catch-up below).
    run: () =>
      store.maskStored(
        MASK_PASS,
        (surveyId, answers) => maskAnswers(surveys.get(surveyId), answers),
        masking,
      ),
  },
  {
    name: 'theme matches',
    // Each theme's matching responses: new ones as they are stored, the stored ones now.
    run: () => store.keepThemes(themeMatcher(surveys)),
  },
  {
    name: 'word index',
    // And the words of the free-text answers, which the theme counts look up, and what each
    // response adds to the word counts (server/storage/term-count-sql.ts).
    run: () => store.keepWords(wordSource(surveys)),
  },
];

/** What the team area gives the rest of the server. */
export interface TeamArea {
  /** Draws the overview and the responses list once in each language, for nothing (./warm-up.ts). */
  warmUp(): Promise<void>;
}

export async function registerTeam(app: FastifyInstance, options: TeamOptions): Promise<TeamArea> {
  const { store } = options;
  const clock = options.clock ?? (() => new Date());
  const secret = options.secret;
  const stylesheet = stylesheetHref(options.distDir ?? 'dist');

  const render: TeamContext['render'] = (request, reply, page, status = 200) => {
    const [path = '', search = ''] = request.url.split('?');
    // The language link keeps the page's filters and page number: only `lang` changes.
    const kept = page.query
      ? new URLSearchParams(
          Object.entries(page.query).flatMap(([name, value]) =>
            [value ?? []].flat().map((v) => [name, v]),
          ),
        )
      : new URLSearchParams(search);
    kept.delete('lang');
    const here = kept.size ? `${path}?${kept}` : path;
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .send(
        renderPage({
          ...page,
          lang: langOf(request),
          stylesheet,
          path: here,
          nav: request.team && {
            csrf: request.team.csrf,
            current: path,
            role: request.team.member.role,
          },
        }),
      );
  };

  const allow: TeamContext['allow'] = (role: Role) => async (request, reply) => {
    const signedIn = await currentSession(store, request, clock());
    if (!signedIn) {
      // A page asked for is shown after signing in, with its filters, in the same language.
      const next = request.method === 'GET' ? nextAfterSignIn(request.url) : undefined;
      const signIn =
        next && next !== '/team'
          ? `/team/sign-in?next=${encodeURIComponent(next)}`
          : '/team/sign-in';
      return reply.redirect(withLang(signIn, langOf(request)), 303);
    }
    request.team = signedIn;
    // Refusals are recorded with the address asked for (never its query: it may hold a search).
    const refused = (why: string) => audit(request, `refused:${why}`, path(request));
    if (request.method === 'POST') {
      const csrf = (request.body as Record<string, unknown> | undefined)?.csrf;
      if (!csrfMatches(signedIn.sessionId, csrf)) {
        await refused('csrf');
        return refuse(render, request, reply, 'csrf');
      }
    }
    if (!hasRole(signedIn.member, role)) {
      await refused('role');
      return refuse(render, request, reply, 'forbidden');
    }
  };

  const audit: TeamContext['audit'] = (request, action, target = null) =>
    store.audit({
      memberId: request.team?.member.id ?? null,
      actor: request.team?.member.email,
      action,
      at: clock(),
      target,
    });
  const path = (request: FastifyRequest) => request.url.split('?')[0]!;

  // Pages get what they may change and a reader scoped to their member; never the store.
  const data = teamData(store, { surveys: options.surveys, clock, audit });
  const ctx: TeamContext = {
    store: data.writes,
    reader: data.reader,
    surveys: options.surveys,
    // Read from the definitions folder at start, as the surveys are: never baked into the build.
    scales: readShared().scales as unknown as Scales,
    clock,
    retentionMonths: options.retentionMonths ?? 3,
    publicUrl: options.origin,
    render,
    refuse: (request, reply, refusal, to) => refuse(render, request, reply, refusal, to),
    allow,
    audit,
  };

  const routes: TeamRoute[] = [];
  app.decorate('teamRoutes', routes);
  await app.register(async (team) => {
    team.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url });
    });
    // Before any route: input with a control character is refused with a page.
    team.addHook('preValidation', refuseControlCharacters(render));
    team.setErrorHandler(refuseSearchTimeouts(render));
    takeTurns(team);
    team.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, formFields(String(body))),
    );
    team.addHook('onSend', async (_request, reply, payload) => {
      reply.header('cache-control', 'no-store');
      const cookie = pendingCookies.get(reply);
      if (cookie) reply.header('set-cookie', cookie);
      return payload;
    });

    team.get('/team/assets/passkey.js', async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').send(SCRIPT),
    );

    // Single sign-on goes on to the page that asked for the sign-in too.
    const ssoStart = (request: FastifyRequest) => {
      const next = nextAfterSignIn((request.query as Record<string, unknown>).next);
      return next ? `${SSO_START_PATH}?next=${encodeURIComponent(next)}` : SSO_START_PATH;
    };
    const passkeyPage = (
      request: FastifyRequest,
      reply: FastifyReply,
      kind: 'enrol' | 'sign-in',
    ) => {
      const lang = langOf(request);
      const t = (key: Parameters<typeof text>[1]) => text(lang, key);
      const heading = kind === 'enrol' ? t('enrolHeading') : t('signIn');
      return render(request, reply, {
        title: heading,
        script: '/team/assets/passkey.js',
        children: createElement(PasskeyForm, {
          lang,
          kind,
          heading,
          intro: kind === 'enrol' ? t('enrolIntro') : t('signInIntro'),
          button: kind === 'enrol' ? t('enrolButton') : t('usePasskey'),
          sso: options.oidc && kind === 'sign-in' ? withLang(ssoStart(request), lang) : undefined,
        }),
      });
    };

    team.get('/team/sign-in', async (request, reply) => passkeyPage(request, reply, 'sign-in'));

    team.get('/team/enrol', async (request, reply) => {
      const token = (request.query as Record<string, string | undefined>).token ?? '';
      const invitation = await store.invitation(sha256(token));
      if (invitation && !invitation.used && invitation.expires > clock())
        return passkeyPage(request, reply, 'enrol');
      const t = (key: Parameters<typeof text>[1]) => text(langOf(request), key);
      return render(
        request,
        reply,
        {
          title: t('linkInvalidHeading'),
          children: createElement(Message, {
            heading: t('linkInvalidHeading'),
            body: t('linkInvalid'),
          }),
        },
        410,
      );
    });

    registerPasskeys(team, {
      store: data.writes,
      limits: options.limits,
      clock,
      secret: secret ? Buffer.from(secret) : randomBytes(32),
      origin: options.origin,
    });

    team.post('/team/sign-out', { preHandler: allow('viewer') }, async (request, reply) => {
      await audit(request, 'sign-out');
      const ended = await endSession(store, request, reply);
      // A session from single sign-on is also ended at the provider, or the next "Sign in with
      // your organisation account" on this computer could go straight through.
      const next = ended?.sso && options.oidc ? SSO_SIGN_OUT_PATH : '/team/sign-in';
      return reply.redirect(withLang(next, langOf(request)), 303);
    });

    if (options.oidc) registerSso(team, ctx, options.oidc);
    registerOverview(team, ctx);
    registerCompare(team, ctx);
    registerThemes(team, ctx);
    registerResponses(team, ctx);
    registerMembers(team, ctx);
    registerAudit(team, ctx);
    registerTags(team, ctx);
    registerNotes(team, ctx);
    registerQuestions(team, ctx);
    registerCrosstab(team, ctx);
    registerPooled(team, ctx);
    registerWords(team, ctx);
    registerMethods(team, ctx);

    // An unknown team address gets the team's own page, in the team's language and layout.
    team.get('/team/*', async (request, reply) => refuse(render, request, reply, 'notFound'));
  });

  // Sessions past their limits, audit entries past 12 months, answered WebAuthn challenges and
  // unfinished single sign-ons past their expiry go at start, then hourly.
  const purge = async () => {
    const now = clock();
    await store.removeExpiredSessions(
      new Date(now.getTime() - IDLE_MS),
      new Date(now.getTime() - ABSOLUTE_MS),
    );
    const cutoff = new Date(now);
    cutoff.setUTCMonth(cutoff.getUTCMonth() - AUDIT_MONTHS);
    await store.purgeAudit(cutoff);
    await store.purgeUsedChallenges(now);
    await store.purgeSsoPending(now);
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    // In the background: the port opens without waiting for the database (server/startup.ts).
    void purge().catch((error: unknown) => app.log.error({ err: error }, 'team purge failed'));
    timer = setInterval(() => void purge().catch(() => undefined), 60 * 60 * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
  return { warmUp: () => warmUp(ctx, data.warmUpReader, stylesheet) };
}

/** A form body as fields; a name sent more than once (checkboxes) becomes a list. */
function formFields(body: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const before = fields[name];
    fields[name] = before === undefined ? value : [before, value].flat();
  }
  return fields;
}
