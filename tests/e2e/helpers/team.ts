// Signing a team member in from a browser test: an invitation from the command line, a passkey
// made with the DevTools virtual authenticator.
import { execFileSync } from 'node:child_process';
import { expect, type Page } from '@playwright/test';

/** WebAuthn needs a domain, not an IP address: the same server as localhost. */
export const origin = (baseURL: string | undefined) => `http://localhost:${new URL(baseURL!).port}`;

export function inviteLink(baseURL: string | undefined, email: string, role: string): string {
  const output = execFileSync('npx', ['tsx', 'scripts/team-invite.ts', email, '--role', role], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, PORT: new URL(baseURL!).port },
    encoding: 'utf8',
  });
  return output.match(/http\S+/)![0];
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
