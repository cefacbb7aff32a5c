// The feedback team's area in Chromium: passkey enrolment and sign-in with the DevTools
// virtual authenticator, session limits, and axe on each team page in English and Welsh.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import Database from 'better-sqlite3';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** WebAuthn needs a domain, not an IP address: the same server as localhost. */
const origin = (baseURL: string | undefined) => `http://localhost:${new URL(baseURL!).port}`;

function inviteLink(baseURL: string | undefined, email: string, role: string): string {
  const output = execFileSync('npx', ['tsx', 'scripts/team-invite.ts', email, '--role', role], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, PORT: new URL(baseURL!).port },
    encoding: 'utf8',
  });
  return output.match(/http\S+/)![0];
}

async function addAuthenticator(page: Page) {
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

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

test('a new admin enrols a passkey, signs out and signs in again; every page passes axe in English and Welsh', async ({
  page,
  baseURL,
}) => {
  const site = origin(baseURL);
  await addAuthenticator(page);

  // Without a session, the team area leads to sign-in.
  await page.goto(`${site}/team`);
  await expect(page).toHaveURL(`${site}/team/sign-in`);
  await expectAccessible(page);
  await page.goto(`${site}/team/sign-in?lang=cy`);
  await expect(page.locator('h1')).toHaveText('Mewngofnodi');
  await expectAccessible(page);

  const link = inviteLink(baseURL, 'me@example.gov.uk', 'admin');
  expect(link.startsWith(`${site}/team/enrol?token=`)).toBe(true);
  await page.goto(`${link}&lang=cy`);
  await expectAccessible(page);
  await page.goto(link);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Set up passkey' }).click();
  await expect(page).toHaveURL(`${site}/team`);
  await expect(page.locator('h1')).toHaveText('Overview');
  await expectAccessible(page);

  const [cookie] = await page.context().cookies();
  expect(cookie).toMatchObject({
    name: 'team_session',
    path: '/team',
    httpOnly: true,
    sameSite: 'Strict',
  });

  // The link worked once.
  await page.goto(link);
  await expect(page.locator('h1')).toHaveText('Link not valid');

  await page.goto(`${site}/team?lang=cy`);
  await expect(page.locator('h1')).toHaveText('Trosolwg');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Allgofnodi' }).click();
  await expect(page).toHaveURL(`${site}/team/sign-in?lang=cy`);
  await page.goto(`${site}/team`);
  await expect(page).toHaveURL(`${site}/team/sign-in`);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(`${site}/team`);
  await expect(page.locator('h1')).toHaveText('Overview');

  // Respondent pages still set no cookie, and the team cookie is not sent to them.
  const respondent = await page.request.get(`${site}/en/basic`);
  expect(respondent.headers()['set-cookie']).toBeUndefined();

  // A POST without the session's CSRF token is refused, and the session stays.
  const forged = await page.request.post(`${site}/team/sign-out`, { form: {}, maxRedirects: 0 });
  expect(forged.status()).toBe(403);
  await page.goto(`${site}/team`);
  await expect(page.locator('h1')).toHaveText('Overview');

  // An idle session (last used 31 minutes ago) leads back to sign-in.
  const db = new Database(join(process.env.E2E_DATA_DIR!, 'feedback.sqlite'));
  db.prepare('UPDATE team_session SET last_seen = ?').run(
    new Date(Date.now() - 31 * 60 * 1000).toISOString(),
  );
  db.close();
  await page.goto(`${site}/team`);
  await expect(page).toHaveURL(`${site}/team/sign-in`);
});
