// Which role an organisation account gets: rules from OIDC_ROLES, matched on the email's domain
// and the groups the provider sends. Pure, so the configuration is checked before the server
// starts and the matching is tested without a provider.
import type { Role } from '../storage/team-types';

export interface RoleRule {
  role: Role;
  /** Lower-case email domains, matched exactly (a subdomain needs its own entry). */
  domains: string[];
  /** Group names as the provider sends them, matched exactly. */
  groups: string[];
}

export interface Identity {
  email: string;
  groups: string[];
}

const RANK: Record<Role, number> = { viewer: 0, analyst: 1, admin: 2 };
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * OIDC_ROLES: rules separated by `;`, each `role=selector,selector`, a selector being
 * `domain:example.gov.uk` or `group:name`; for example
 * `admin=group:feedback-admins; viewer=domain:example.gov.uk`. Throws a message naming the
 * setting and the part that is wrong.
 */
export function parseRoleRules(text: string): RoleRule[] {
  const rules: RoleRule[] = [];
  for (const part of text.split(';').map((p) => p.trim())) {
    if (!part) continue;
    // Split at the first `=` only: a group name may contain one (cn=feedback-admins).
    const eq = part.indexOf('=');
    const role = part.slice(0, eq).trim();
    const selectors = part.slice(eq + 1);
    if (eq < 0 || !Object.hasOwn(RANK, role))
      throw new Error(
        `OIDC_ROLES: "${part}" should be viewer=…, analyst=… or admin=… followed by domain:… or group:… selectors`,
      );
    if (rules.some((rule) => rule.role === role))
      throw new Error(`OIDC_ROLES: ${role} has two rules; list all its selectors in one`);
    const rule: RoleRule = { role: role as Role, domains: [], groups: [] };
    for (const selector of selectors.split(',').map((s) => s.trim())) {
      const [kind, ...value] = selector.split(':');
      const name = value.join(':').trim();
      if (kind === 'domain' && DOMAIN.test(name.toLowerCase()))
        rule.domains.push(name.toLowerCase());
      else if (kind === 'group' && name) rule.groups.push(name);
      else
        throw new Error(
          `OIDC_ROLES: "${selector}" in the ${role} rule is not domain:<email domain> or group:<group name>`,
        );
    }
    rules.push(rule);
  }
  if (!rules.length)
    throw new Error('OIDC_ROLES: no rules (for example viewer=domain:example.gov.uk)');
  return rules;
}

/** The highest role whose rule matches the email's domain or one of the groups; none: refused. */
export function roleFor(rules: RoleRule[], identity: Identity): Role | undefined {
  const domain = identity.email.slice(identity.email.lastIndexOf('@') + 1).toLowerCase();
  let best: Role | undefined;
  for (const rule of rules) {
    const matches =
      rule.domains.includes(domain) || rule.groups.some((g) => identity.groups.includes(g));
    if (matches && (best === undefined || RANK[rule.role] > RANK[best])) best = rule.role;
  }
  return best;
}

/**
 * The email and groups in the provider's claims; undefined without a usable email, or when the
 * provider says the email is not verified (anyone could otherwise claim an allowed domain).
 */
export function identityFrom(
  claims: Record<string, unknown>,
  groupsClaim: string,
): Identity | undefined {
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!/^[^@\s]+@[^@\s]+$/.test(email)) return undefined;
  // Some providers send it as a string.
  if (claims.email_verified === false || claims.email_verified === 'false') return undefined;
  const raw = claims[groupsClaim];
  const groups = (Array.isArray(raw) ? raw : [raw]).filter(
    (g): g is string => typeof g === 'string',
  );
  return { email, groups };
}
