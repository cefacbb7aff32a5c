// Single sign-on settings: read and checked at start with the rest of the configuration, and the
// rules that turn an organisation account into a role.
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../server/config';
import { identityFrom, parseRoleRules, roleFor } from '../../server/team/sso-rules';

const SSO = {
  OIDC_ISSUER: 'https://login.example.gov.uk/realms/staff',
  OIDC_CLIENT_ID: 'feedback-team',
  OIDC_CLIENT_SECRET: 's3cret',
  OIDC_ROLES: 'viewer=domain:example.gov.uk',
  PUBLIC_URL: 'https://feedback.example.gov.uk',
};

describe('single sign-on settings', () => {
  it('are off without OIDC_ISSUER', () => {
    expect(configFromEnv({}).oidc).toBeUndefined();
    expect(configFromEnv({ PUBLIC_URL: 'https://feedback.example.gov.uk' }).oidc).toBeUndefined();
  });

  it('are read with their defaults when OIDC_ISSUER is set', () => {
    expect(configFromEnv(SSO).oidc).toEqual({
      issuer: 'https://login.example.gov.uk/realms/staff',
      clientId: 'feedback-team',
      clientSecret: 's3cret',
      redirectUri: 'https://feedback.example.gov.uk/team/sso/callback',
      postLogoutRedirectUri: 'https://feedback.example.gov.uk/team/sso/signed-out',
      scope: 'openid email',
      groupsClaim: 'groups',
      rules: [{ role: 'viewer', domains: ['example.gov.uk'], groups: [] }],
    });
    const custom = configFromEnv({
      ...SSO,
      PUBLIC_URL: 'https://feedback.example.gov.uk/',
      OIDC_SCOPES: ' openid  email groups ',
      OIDC_GROUPS_CLAIM: 'roles',
    }).oidc;
    expect(custom).toMatchObject({
      redirectUri: 'https://feedback.example.gov.uk/team/sso/callback',
      scope: 'openid email groups',
      groupsClaim: 'roles',
    });
  });

  it('refuse to start when a setting is missing, naming it', () => {
    const without = (name: keyof typeof SSO) => {
      const env: Record<string, string> = { ...SSO };
      delete env[name];
      return () => configFromEnv(env);
    };
    expect(without('OIDC_CLIENT_ID')).toThrow(/OIDC_ISSUER is set.*needs OIDC_CLIENT_ID/);
    expect(without('OIDC_CLIENT_SECRET')).toThrow(/needs OIDC_CLIENT_SECRET/);
    expect(without('OIDC_ROLES')).toThrow(/needs OIDC_ROLES/);
    expect(without('PUBLIC_URL')).toThrow(/needs PUBLIC_URL/);
    expect(without('OIDC_ISSUER')).toThrow(
      /OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_ROLES set without OIDC_ISSUER/,
    );
  });

  it('refuse plain http except on this machine, and addresses with more than an origin', () => {
    expect(() => configFromEnv({ ...SSO, OIDC_ISSUER: 'http://login.example.gov.uk' })).toThrow(
      /OIDC_ISSUER must be an https address/,
    );
    expect(() => configFromEnv({ ...SSO, PUBLIC_URL: 'http://feedback.example.gov.uk' })).toThrow(
      /PUBLIC_URL must be an https address/,
    );
    expect(() => configFromEnv({ ...SSO, OIDC_ISSUER: 'not a url' })).toThrow(
      /OIDC_ISSUER: "not a url" is not a URL/,
    );
    expect(() => configFromEnv({ ...SSO, OIDC_ISSUER: 'https://login.example/?x=1' })).toThrow(
      /OIDC_ISSUER must have no query/,
    );
    expect(() => configFromEnv({ ...SSO, PUBLIC_URL: 'https://feedback.example/app' })).toThrow(
      /PUBLIC_URL must be the service’s origin only/,
    );
    const local = configFromEnv({
      ...SSO,
      OIDC_ISSUER: 'http://127.0.0.1:9000',
      PUBLIC_URL: 'http://localhost:3000',
    }).oidc;
    expect(local?.redirectUri).toBe('http://localhost:3000/team/sso/callback');
  });

  it('refuse scopes without openid and a groups claim that is not a name', () => {
    expect(() => configFromEnv({ ...SSO, OIDC_SCOPES: 'email profile' })).toThrow(
      /OIDC_SCOPES must be space-separated scopes including openid/,
    );
    expect(() => configFromEnv({ ...SSO, OIDC_SCOPES: 'openid "email"' })).toThrow(/OIDC_SCOPES/);
    expect(() => configFromEnv({ ...SSO, OIDC_GROUPS_CLAIM: 'my groups' })).toThrow(
      /OIDC_GROUPS_CLAIM: "my groups" is not a claim name/,
    );
  });
});

describe('OIDC_ROLES', () => {
  it('reads rules of domains and groups, any spacing and case of domain', () => {
    expect(
      parseRoleRules(
        ' admin = group:Feedback Admins ; analyst=group:analysts, domain:Research.Example.gov.uk;viewer=domain:example.gov.uk; ',
      ),
    ).toEqual([
      { role: 'admin', domains: [], groups: ['Feedback Admins'] },
      { role: 'analyst', domains: ['research.example.gov.uk'], groups: ['analysts'] },
      { role: 'viewer', domains: ['example.gov.uk'], groups: [] },
    ]);
    // A group name may itself contain a colon (Entra ID and LDAP names do).
    expect(parseRoleRules('admin=group:cn=admins:feedback')[0]?.groups).toEqual([
      'cn=admins:feedback',
    ]);
  });

  it('refuses what it cannot read, saying which part is wrong', () => {
    expect(() => parseRoleRules('')).toThrow(/OIDC_ROLES: no rules/);
    expect(() => parseRoleRules('owner=domain:example.gov.uk')).toThrow(
      /OIDC_ROLES: "owner=domain:example.gov.uk" should be viewer=/,
    );
    expect(() => parseRoleRules('toString=domain:example.gov.uk')).toThrow(/should be viewer=/);
    expect(() => parseRoleRules('viewer')).toThrow(/OIDC_ROLES: "viewer"/);
    expect(() => parseRoleRules('viewer=')).toThrow(/"" in the viewer rule/);
    expect(() => parseRoleRules('viewer=example.gov.uk')).toThrow(
      /"example.gov.uk" in the viewer rule is not domain:<email domain> or group:<group name>/,
    );
    expect(() => parseRoleRules('viewer=domain:*.example.gov.uk')).toThrow(/viewer rule/);
    expect(() => parseRoleRules('viewer=domain:@example.gov.uk')).toThrow(/viewer rule/);
    expect(() => parseRoleRules('viewer=group:')).toThrow(/viewer rule/);
    expect(() => parseRoleRules('viewer=domain:a.gov.uk;viewer=domain:b.gov.uk')).toThrow(
      /viewer has two rules/,
    );
    expect(() => configFromEnv({ ...SSO, OIDC_ROLES: 'boss=domain:example.gov.uk' })).toThrow(
      /OIDC_ROLES/,
    );
  });

  it('gives the highest role any rule allows, and none when no rule matches', () => {
    const rules = parseRoleRules(
      'admin=group:feedback-admins; analyst=domain:research.example.gov.uk; viewer=domain:example.gov.uk,group:guests',
    );
    const role = (email: string, groups: string[] = []) => roleFor(rules, { email, groups });
    expect(role('ann@example.gov.uk')).toBe('viewer');
    expect(role('Ann@EXAMPLE.gov.uk')).toBe('viewer');
    expect(role('ann@research.example.gov.uk')).toBe('analyst');
    expect(role('ann@example.gov.uk', ['feedback-admins'])).toBe('admin');
    expect(role('ann@partner.example', ['guests'])).toBe('viewer');
    // Domains match exactly: neither a subdomain nor a look-alike is let in.
    expect(role('ann@other.example.gov.uk')).toBeUndefined();
    expect(role('ann@example.gov.uk.evil.example')).toBeUndefined();
    expect(role('example.gov.uk@evil.example')).toBeUndefined();
    // Groups match exactly, case included.
    expect(role('ann@partner.example', ['Feedback-Admins'])).toBeUndefined();
    expect(role('ann@partner.example')).toBeUndefined();
  });

  it('takes the email and groups from the claims, refusing an unverified email', () => {
    expect(
      identityFrom({ email: ' Ann@Example.gov.uk ', groups: ['a', 7, 'b'] }, 'groups'),
    ).toEqual({ email: 'ann@example.gov.uk', groups: ['a', 'b'] });
    expect(identityFrom({ email: 'ann@example.gov.uk', roles: 'a' }, 'roles')).toEqual({
      email: 'ann@example.gov.uk',
      groups: ['a'],
    });
    expect(identityFrom({ email: 'ann@example.gov.uk', email_verified: true }, 'groups')).toEqual({
      email: 'ann@example.gov.uk',
      groups: [],
    });
    expect(
      identityFrom({ email: 'ann@example.gov.uk', email_verified: false }, 'groups'),
    ).toBeUndefined();
    expect(
      identityFrom({ email: 'ann@example.gov.uk', email_verified: 'false' }, 'groups'),
    ).toBeUndefined();
    expect(identityFrom({ sub: '123' }, 'groups')).toBeUndefined();
    expect(identityFrom({ email: 'not an email' }, 'groups')).toBeUndefined();
  });
});
