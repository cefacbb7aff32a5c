// Single sign-on settings (OIDC_*), read with the rest of the configuration at start. Sign-in
// with the organisation's OpenID Connect provider is on only when OIDC_ISSUER is set; then
// everything it needs must be set and valid, or the server refuses to start.
import { parseRoleRules, type RoleRule } from './sso-rules';

export interface OidcSettings {
  /** The provider's issuer identifier; its discovery document is fetched on first use. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** PUBLIC_URL + CALLBACK_PATH, exactly as registered with the provider. */
  redirectUri: string;
  /** PUBLIC_URL + SIGNED_OUT_PATH: where the provider sends people after signing out there. */
  postLogoutRedirectUri: string;
  /** Space-separated, always with `openid`. */
  scope: string;
  /** The claim that lists the account's groups (default `groups`). */
  groupsClaim: string;
  rules: RoleRule[];
}

export const CALLBACK_PATH = '/team/sso/callback';
export const SIGNED_OUT_PATH = '/team/sso/signed-out';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
const SCOPE_TOKEN = /^[\x21\x23-\x5b\x5d-\x7e]+$/;

/**
 * An https URL; http only on this machine (a provider or service run locally for development
 * and tests), where nothing crosses a network.
 */
function secureUrl(name: string, value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name}: "${value}" is not a URL`);
  }
  const local = url.protocol === 'http:' && LOOPBACK.has(url.hostname);
  if (url.protocol !== 'https:' && !local)
    throw new Error(`${name} must be an https address (http only for localhost or 127.0.0.1)`);
  if (url.search || url.hash || url.username || url.password)
    throw new Error(`${name} must have no query, fragment or user name`);
  return url;
}

export function oidcFromEnv(env: NodeJS.ProcessEnv): OidcSettings | undefined {
  const value = (name: string) => env[name]?.trim() || undefined;
  const issuer = value('OIDC_ISSUER');
  if (!issuer) {
    const stray = ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_ROLES'].filter(value);
    if (stray.length)
      throw new Error(`${stray.join(', ')} set without OIDC_ISSUER: set it to turn sign-in on`);
    return undefined;
  }
  const missing = ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_ROLES', 'PUBLIC_URL'].filter(
    (name) => !value(name),
  );
  if (missing.length)
    throw new Error(
      `OIDC_ISSUER is set, so single sign-on also needs ${missing.join(', ')} (PUBLIC_URL gives the address the provider sends people back to)`,
    );
  secureUrl('OIDC_ISSUER', issuer);
  const publicUrl = secureUrl('PUBLIC_URL', value('PUBLIC_URL')!);
  if (publicUrl.pathname !== '/')
    throw new Error(
      'PUBLIC_URL must be the service’s origin only, such as https://feedback.example.gov.uk',
    );

  const scope = value('OIDC_SCOPES') ?? 'openid email';
  const scopes = scope.split(/\s+/);
  if (!scopes.includes('openid') || !scopes.every((s) => SCOPE_TOKEN.test(s)))
    throw new Error('OIDC_SCOPES must be space-separated scopes including openid');
  const groupsClaim = value('OIDC_GROUPS_CLAIM') ?? 'groups';
  if (!/^[\w.:/-]+$/.test(groupsClaim))
    throw new Error(`OIDC_GROUPS_CLAIM: "${groupsClaim}" is not a claim name`);

  return {
    issuer,
    clientId: value('OIDC_CLIENT_ID')!,
    clientSecret: value('OIDC_CLIENT_SECRET')!,
    redirectUri: `${publicUrl.origin}${CALLBACK_PATH}`,
    postLogoutRedirectUri: `${publicUrl.origin}${SIGNED_OUT_PATH}`,
    scope: scopes.join(' '),
    groupsClaim,
    rules: parseRoleRules(value('OIDC_ROLES')!),
  };
}
