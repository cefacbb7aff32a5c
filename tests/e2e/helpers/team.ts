// Signing a team member in from a browser test: an invitation from the command (`npm run
// team:invite`, called as a function on the suite's store), a passkey made with the DevTools
// virtual authenticator.
import { expect, type Page } from '@playwright/test';
import { teamInvite } from '../../../scripts/team-invite';

/** WebAuthn needs a domain, not an IP address: the same server as localhost. */
export const origin = (baseURL: string | undefined) => `http://localhost:${new URL(baseURL!).port}`;

export async function inviteLink(
  baseURL: string | undefined,
  email: string,
  role: string,
): Promise<string> {
  const printed: string[] = [];
  const code = await teamInvite(
    [email, '--role', role],
    { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, PORT: new URL(baseURL!).port },
    { log: (line) => printed.push(line), error: (line) => printed.push(line) },
  );
  expect(code, printed.join('\n')).toBe(0);
  return printed.join('\n').match(/http\S+/)![0];
}

export async function addAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/** Enrols a passkey with the invitation `link`; ends on the overview. */
export async function enrol(page: Page, link: string) {
  await addAuthenticator(page);
  await page.goto(link);
  await page.getByRole('button', { name: 'Set up passkey' }).click();
  await expect(page.locator('h1')).toHaveText('Overview');
}
