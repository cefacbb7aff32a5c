// The feedback team's area under /team: passkey sign-in, sessions, roles and the pages.
// Everything is registered in one encapsulated plugin, so its body parser and cookie hook
// touch no respondent route.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ResolvedSurvey } from '../../engine';
import sharedJson from '../../definitions/shared/shared.json';
import type { Role, TeamStore } from '../storage/team-types';
import { surveyFigures, type Scales } from './figures';
import { renderPage, stylesheetHref, withLang, type PageProps } from './layout';
import { Message, Overview, PasskeyForm } from './pages';
import { registerPasskeys } from './passkeys';
import {
  ABSOLUTE_MS,
  csrfMatches,
  currentSession,
  endSession,
  hasRole,
  IDLE_MS,
  pendingCookies,
  sha256,
  type Signedin,
} from './session';
import { text, uiLang, type UiLang } from './text';

export interface TeamOptions {
  store: TeamStore;
  surveys: Map<string, ResolvedSurvey>;
  clock?: () => Date;
  /** Where the built app is, for its stylesheet (default 'dist'). */
  distDir?: string;
  /** Signs WebAuthn challenges; set TEAM_SECRET to the same value on every instance. */
  secret?: string;
  /** The public origin, when behind a proxy that changes Host. */
  origin?: string;
}

const AUDIT_MONTHS = 12;
const DAY = 24 * 60 * 60 * 1000;
const SCRIPT = readFileSync(new URL('./client/passkey.js', import.meta.url), 'utf8');
const scales = (sharedJson as unknown as { scales: Scales }).scales;

declare module 'fastify' {
  interface FastifyRequest {
    team?: Signedin;
  }
}

export async function registerTeam(app: FastifyInstance, options: TeamOptions): Promise<void> {
  const { store, surveys } = options;
  const clock = options.clock ?? (() => new Date());
  const secret = options.secret ?? process.env.TEAM_SECRET;
  const stylesheet = stylesheetHref(options.distDir ?? 'dist');

  await app.register(async (team) => {
    team.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    team.addHook('onSend', async (_request, reply, payload) => {
      reply.header('cache-control', 'no-store');
      const cookie = pendingCookies.get(reply);
      if (cookie) reply.header('set-cookie', cookie);
      return payload;
    });

    const html = (
      request: FastifyRequest,
      reply: FastifyReply,
      props: Omit<PageProps, 'lang' | 'path' | 'stylesheet'>,
      status = 200,
    ) => {
      const lang = langOf(request);
      return reply
        .code(status)
        .type('text/html; charset=utf-8')
        .send(
          renderPage({
            ...props,
            lang,
            stylesheet,
            path: request.url.split('?')[0]!,
            nav: request.team
              ? { csrf: request.team.csrf, current: request.url.split('?')[0]! }
              : undefined,
          }),
        );
    };

    /** Signed in with at least this role; a POST must also carry the session's CSRF token. */
    const allow = (role: Role) => async (request: FastifyRequest, reply: FastifyReply) => {
      const signedIn = await currentSession(store, request, clock());
      if (!signedIn) return reply.redirect(withLang('/team/sign-in', langOf(request)), 303);
      request.team = signedIn;
      if (request.method === 'POST') {
        const csrf = (request.body as Record<string, unknown> | undefined)?.csrf;
        if (!csrfMatches(signedIn.sessionId, csrf)) return reply.code(403).send('Forbidden');
      }
      if (!hasRole(signedIn.member, role)) {
        const t = (key: Parameters<typeof text>[1]) => text(langOf(request), key);
        return html(
          request,
          reply,
          {
            title: t('forbidden'),
            children: createElement(Message, { heading: t('forbidden'), body: t('forbiddenBody') }),
          },
          403,
        );
      }
    };

    team.get('/team/assets/passkey.js', async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').send(SCRIPT),
    );

    team.get('/team/sign-in', async (request, reply) => {
      const lang = langOf(request);
      const t = (key: Parameters<typeof text>[1]) => text(lang, key);
      return html(request, reply, {
        title: t('signIn'),
        script: '/team/assets/passkey.js',
        children: createElement(PasskeyForm, {
          lang,
          kind: 'sign-in',
          heading: t('signIn'),
          intro: t('signInIntro'),
          button: t('usePasskey'),
        }),
      });
    });

    team.get('/team/enrol', async (request, reply) => {
      const lang = langOf(request);
      const t = (key: Parameters<typeof text>[1]) => text(lang, key);
      const token = (request.query as Record<string, string | undefined>).token ?? '';
      const invitation = await store.invitation(sha256(token));
      if (!invitation || invitation.used || invitation.expires <= clock()) {
        return html(
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
      }
      return html(request, reply, {
        title: t('enrolHeading'),
        script: '/team/assets/passkey.js',
        children: createElement(PasskeyForm, {
          lang,
          kind: 'enrol',
          heading: t('enrolHeading'),
          intro: t('enrolIntro'),
          button: t('enrolButton'),
        }),
      });
    });

    registerPasskeys(team, {
      store,
      clock,
      secret: secret ? Buffer.from(secret) : randomBytes(32),
      origin: options.origin,
    });

    team.post('/team/sign-out', { preHandler: allow('viewer') }, async (request, reply) => {
      await endSession(store, request, reply);
      return reply.redirect(withLang('/team/sign-in', langOf(request)), 303);
    });

    team.get('/team', { preHandler: allow('viewer') }, async (request, reply) => {
      const lang = langOf(request);
      const range = dateRange(request.query as Record<string, string | undefined>, clock());
      const figures = await Promise.all(
        [...surveys.values()].map(async (survey) => ({
          survey,
          figures: surveyFigures(
            survey,
            scales,
            await store.findFeedback(
              { surveyId: survey.id, ...range },
              { limit: 1_000_000, offset: 0 },
            ),
            range,
          ),
        })),
      );
      return html(request, reply, {
        title: text(lang, 'overview'),
        children: createElement(Overview, { lang, range, surveys: figures }),
      });
    });
  });

  // Sessions past their limits and audit entries past 12 months go, hourly.
  const purge = async () => {
    const now = clock();
    await store.removeExpiredSessions(
      new Date(now.getTime() - IDLE_MS),
      new Date(now.getTime() - ABSOLUTE_MS),
    );
    const cutoff = new Date(now);
    cutoff.setUTCMonth(cutoff.getUTCMonth() - AUDIT_MONTHS);
    await store.purgeAudit(cutoff);
  };
  const timer = setInterval(() => void purge().catch(() => undefined), 60 * 60 * 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

const langOf = (request: FastifyRequest): UiLang =>
  uiLang((request.query as Record<string, unknown> | undefined)?.lang);

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD` (both days included); default the last 30 days. */
export function dateRange(query: Record<string, string | undefined>, now: Date) {
  const day = (value: string | undefined) =>
    value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))
      ? new Date(`${value}T00:00:00Z`)
      : undefined;
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const to = new Date((day(query.to) ?? today).getTime() + DAY);
  const from = day(query.from) ?? new Date(to.getTime() - 30 * DAY);
  return { from, to };
}
