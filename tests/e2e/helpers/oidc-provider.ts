// A local OpenID Connect provider (oidc-provider) for the single sign-on tests, on 127.0.0.1 and
// a free port. Its development sign-in form accepts any login and password; the login is the
// account's email, and `groups` says which groups an email is in.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export const CLIENT_ID = 'feedback-team';
export const CLIENT_SECRET = 'a-test-secret-that-is-long-enough-for-hs256-32b';

export interface TestProvider {
  issuer: string;
  close(): Promise<void>;
}

export async function startProvider(options: {
  redirectUri: string;
  /** Where the provider may send people after signing out (RP-initiated logout). */
  postLogoutRedirectUri?: string;
  groups?: Record<string, string[]>;
}): Promise<TestProvider> {
  // Listening first: the issuer (its address) is needed to make the provider.
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [options.redirectUri],
        post_logout_redirect_uris: options.postLogoutRedirectUri
          ? [options.postLogoutRedirectUri]
          : [],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    claims: { email: ['email', 'email_verified'], groups: ['groups'] },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({
        sub: id,
        email: id,
        email_verified: true,
        groups: options.groups?.[id] ?? [],
      }),
    }),
    pkce: { required: () => true },
    cookies: { keys: ['test-cookie-signing-key'] },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
