// Sign-in with the organisation's OpenID Connect provider (openid-client): authorization code
// flow with PKCE, state and nonce. The sign-in under way is a store row keyed by a random value
// in the team cookie (the area's only cookie), so the provider's answer is accepted once, within
// 10 minutes, and only in the browser that asked for it. The member's role comes from OIDC_ROLES.
import { randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import { createElement } from 'react';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '../storage/team-types';
import { langOf, query, type TeamContext } from './context';
import { withLang } from './layout';
import { Message } from './pages';
import {
  clearCookie,
  COOKIE,
  cookieValue,
  currentSession,
  nextAfterSignIn,
  setSignInCookie,
  sha256,
  startSession,
} from './session';
import { CALLBACK_PATH, SIGNED_OUT_PATH, type OidcSettings } from './sso-config';
import { identityFrom, roleFor } from './sso-rules';
import { text, uiLang, type TextKey, type UiLang } from './text';

export const SSO_START_PATH = '/team/sso';
/** Where signing out of a single sign-on session goes on to, to end it at the provider too. */
export const SSO_SIGN_OUT_PATH = '/team/sso/sign-out';
const PENDING_MS = 10 * 60 * 1000;

export function registerSso(team: FastifyInstance, ctx: TeamContext, settings: OidcSettings) {
  const { store, clock } = ctx;

  // Discovered on first use, not at start: the survey must run even when the provider is down.
  // A failed discovery is retried by the next sign-in.
  let discovered: Promise<oidc.Configuration> | undefined;
  const provider = () =>
    (discovered ??= oidc
      // client_secret_basic: what a provider expects when the client registered no method.
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        undefined,
        oidc.ClientSecretBasic(settings.clientSecret),
        {
          timeout: 10,
          // Plain http is accepted at start only for a provider on this machine.
          execute:
            new URL(settings.issuer).protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
        },
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      }));

  const go = (reply: FastifyReply, path: string, lang: UiLang) =>
    reply.redirect(withLang(path, lang), 303);

  /** A page with a heading, a sentence and a link back to the sign-in page. */
  const showMessage = (
    request: FastifyRequest,
    reply: FastifyReply,
    heading: TextKey,
    body: TextKey,
    status = 200,
  ) => {
    const lang = langOf(request);
    const t = (key: TextKey) => text(lang, key);
    return ctx.render(
      request,
      reply,
      {
        title: t(heading),
        children: createElement(Message, {
          heading: t(heading),
          body: t(body),
          link: { href: withLang('/team/sign-in', lang), text: t('ssoBack') },
        }),
      },
      status,
    );
  };

  team.get(SSO_START_PATH, async (request, reply) => {
    const lang = langOf(request);
    // The Strict session cookie is not sent on a navigation from another site, so such a
    // request cannot be told from a signed-out one: it must not replace the cookie.
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site' || site === 'same-site') return go(reply, '/team/sign-in', lang);
    if (await currentSession(store, request, clock())) return go(reply, '/team', lang);
    let config: oidc.Configuration;
    try {
      config = await provider();
    } catch (error) {
      request.log.warn({ err: error }, 'organisation sign-in: provider discovery failed');
      return go(reply, '/team/sso/failed', lang);
    }
    const key = randomBytes(32).toString('base64url');
    const pending = {
      idHash: sha256(key),
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
      lang,
      next: nextAfterSignIn(query(request).next),
      expires: new Date(clock().getTime() + PENDING_MS),
    };
    await store.addSsoPending(pending);
    setSignInCookie(request, reply, key, PENDING_MS / 1000);
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: settings.redirectUri,
      scope: settings.scope,
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
      code_challenge_method: 'S256',
      ui_locales: lang === 'cy' ? 'cy en' : 'en',
    });
    return reply.redirect(url.href, 303);
  });

  team.get(CALLBACK_PATH, async (request, reply) => {
    const key = cookieValue(request, COOKIE);
    const pending = key ? await store.takeSsoPending(sha256(key), clock()) : undefined;
    // Whatever happens next, the pending value is spent; a session replaces it on success.
    clearCookie(request, reply);
    if (!pending) return go(reply, '/team/sso/failed', 'en');
    const { lang } = pending;

    let claims: Record<string, unknown>;
    try {
      const config = await provider();
      // The address the provider sent the browser to, as registered (not as this request's Host says).
      const current = new URL(settings.redirectUri);
      current.search = new URL(request.url, current).search;
      const tokens = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      claims = { ...tokens.claims() };
      // Many providers put email and groups only in userinfo when the code flow is used.
      if (config.serverMetadata().userinfo_endpoint)
        claims = {
          ...claims,
          ...(await oidc.fetchUserInfo(config, tokens.access_token, String(claims.sub))),
        };
    } catch (error) {
      // Type and code only (the logger drops messages): never the claims or the address.
      request.log.warn({ err: error }, 'organisation sign-in failed');
      return go(reply, '/team/sso/failed', lang);
    }

    const identity = identityFrom(claims, settings.groupsClaim);
    const role = identity && roleFor(settings.rules, identity);
    if (!identity || !role) {
      await store.audit({
        memberId: null,
        action: 'sign-in-refused:sso',
        at: clock(),
        target: null,
      });
      return go(reply, '/team/sso/refused', lang);
    }
    const memberId = await memberFor(ctx, identity.email, role);
    await store.audit({
      memberId,
      actor: identity.email,
      action: 'sign-in:sso',
      at: clock(),
      target: null,
    });
    await startSession(store, request, reply, memberId, clock(), true);
    // Not straight to /team: this redirect is still part of the provider's cross-site chain,
    // so the browser would not send the new (Strict) session cookie with it. A page of ours
    // that moves on by itself starts a same-site navigation, which does send it.
    const next = pending.next ? `?next=${encodeURIComponent(pending.next)}` : '';
    return go(reply, `/team/sso/signed-in${next}`, lang);
  });

  team.get('/team/sso/signed-in', async (request, reply) => {
    const lang = langOf(request);
    const t = (key: TextKey) => text(lang, key);
    // On to the team page that asked for the sign-in (only one of ours), or the overview.
    const target = withLang(nextAfterSignIn(query(request).next) ?? '/team', lang);
    return ctx.render(request, reply, {
      title: t('ssoSignedIn'),
      refresh: target,
      children: createElement(Message, {
        heading: t('ssoSignedIn'),
        body: t('ssoSignedInBody'),
        link: { href: target, text: t('ssoContinue') },
      }),
    });
  });

  // Our session has already ended (POST /team/sign-out). The sign-out form cannot redirect to
  // the provider itself: the CSP's form-action 'self' also applies to a form's redirects. This
  // page moves on by itself, a new navigation that form-action does not cover.
  team.get(SSO_SIGN_OUT_PATH, async (request, reply) => {
    const lang = langOf(request);
    const t = (key: TextKey) => text(lang, key);
    // Only as the next step of our own sign-out, not from a link on another site.
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site' || site === 'same-site') return go(reply, '/team/sign-in', lang);
    let endSession: URL | undefined;
    try {
      const config = await provider();
      if (config.serverMetadata().end_session_endpoint)
        endSession = oidc.buildEndSessionUrl(config, {
          post_logout_redirect_uri: settings.postLogoutRedirectUri,
          // The registered address must match exactly, so the language comes back in state.
          state: lang,
        });
    } catch (error) {
      request.log.warn({ err: error }, 'organisation sign-out: provider discovery failed');
    }
    if (!endSession)
      return showMessage(
        request,
        reply,
        'ssoProviderSignOutFailed',
        'ssoProviderSignOutFailedBody',
      );
    return ctx.render(request, reply, {
      title: t('ssoSigningOut'),
      refresh: endSession.href,
      children: createElement(Message, {
        heading: t('ssoSigningOut'),
        body: t('ssoSigningOutBody'),
        link: { href: endSession.href, text: t('ssoSigningOutLink') },
      }),
    });
  });

  team.get(SIGNED_OUT_PATH, async (request, reply) => {
    // Back from the provider with the language in state: to this page's own address for it.
    const { state } = query(request);
    if (state !== undefined) return go(reply, SIGNED_OUT_PATH, uiLang(state));
    return showMessage(request, reply, 'ssoSignedOut', 'ssoSignedOutBody');
  });

  const message =
    (heading: TextKey, body: TextKey, status: number) =>
    (request: FastifyRequest, reply: FastifyReply) =>
      showMessage(request, reply, heading, body, status);
  team.get('/team/sso/refused', message('ssoRefusedHeading', 'ssoRefusedBody', 403));
  team.get('/team/sso/failed', message('ssoFailedHeading', 'ssoFailedBody', 400));
}

/**
 * The member for this account, created on first sign-in. The rules are the source of truth for
 * the role: it is set from them at every organisation sign-in (and the change audited).
 */
async function memberFor(ctx: TeamContext, email: string, role: Role): Promise<string> {
  const { store, clock } = ctx;
  const existing = await store.memberByEmail(email);
  if (!existing) {
    // Two first sign-ins at once: the second insert fails on the unique email; use the first's.
    const member = await store
      .addMember(email, role, clock())
      .catch(async (error: unknown) => (await store.memberByEmail(email)) ?? Promise.reject(error));
    await store.audit({
      memberId: member.id,
      action: `sso-join:${role}`,
      at: clock(),
      target: null,
    });
    return member.id;
  }
  if (existing.role !== role) {
    await store.setRole(existing.id, role);
    await store.audit({
      memberId: existing.id,
      action: `sso-role:${role}`,
      at: clock(),
      target: existing.id,
    });
  }
  return existing.id;
}
