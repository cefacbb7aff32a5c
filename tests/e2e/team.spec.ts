// The feedback team's area in Chromium: passkey enrolment and sign-in with the DevTools
// virtual authenticator, session limits, and axe on each team page in English and Welsh.
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { plansFor } from './helpers/answers';
import { expectNoViolations } from './helpers/fixtures';
import { walk } from './helpers/journey';
import { surveys } from './helpers/surveys';
import { addAuthenticator, enrol, inviteLink, origin } from './helpers/team';

/** WebAuthn needs a domain, not an IP address: the same server as localhost. */

test('a new admin enrols a passkey, signs out and signs in again; every page passes axe in English and Welsh', async ({
  page,
  baseURL,
}) => {
  const site = origin(baseURL);
  await addAuthenticator(page);

  // Without a session, the team area leads to sign-in.
  await page.goto(`${site}/team`);
  await expect(page).toHaveURL(`${site}/team/sign-in`);
  await expectNoViolations(page, page.url());
  await page.goto(`${site}/team/sign-in?lang=cy`);
  await expect(page.locator('h1')).toHaveText('Mewngofnodi');
  await expectNoViolations(page, page.url());

  const link = await inviteLink(baseURL, 'me@example.gov.uk', 'admin');
  expect(link.startsWith(`${site}/team/enrol?token=`)).toBe(true);
  await page.goto(`${link}&lang=cy`);
  await expectNoViolations(page, page.url());
  await page.goto(link);
  await expectNoViolations(page, page.url());
  await page.getByRole('button', { name: 'Set up passkey' }).click();
  await expect(page).toHaveURL(`${site}/team`);
  await expect(page.locator('h1')).toHaveText('Overview');
  await expectNoViolations(page, page.url());

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
  await expectNoViolations(page, page.url());

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
  // Only this member's sessions: other tests may be signed in at the same time.
  db.prepare(
    'UPDATE team_session SET last_seen = ? WHERE member_id = (SELECT id FROM team_member WHERE email = ?)',
  ).run(new Date(Date.now() - 31 * 60 * 1000).toISOString(), 'me@example.gov.uk');
  db.close();
  await page.goto(`${site}/team`);
  await expect(page).toHaveURL(`${site}/team/sign-in`);
});

test('two surveys completed as a respondent show in the overview, charts and list; every team page passes axe in English and Welsh; a viewer is refused what is not theirs', async ({
  page,
  browser,
  baseURL,
}) => {
  const site = origin(baseURL);
  const multi = surveys.find((s) => s.layout !== 'single')!;
  const single = surveys.find((s) => s.layout === 'single')!;
  for (const [survey, lang] of [
    [multi, 'cy'],
    [single, 'en'],
  ] as const) {
    const plan = plansFor(survey).find((p) => p.style === 'rich')!;
    await walk(page, survey, lang, plan, { checks: false });
  }
  expect(await page.context().cookies(), 'respondent pages set no cookie').toEqual([]);

  await enrol(page, await inviteLink(baseURL, 'lead@example.gov.uk', 'admin'));
  const overview = await page.locator('main').innerText();
  expect(overview).toContain((multi.teamName ?? multi.title).en);
  await page.goto(`${site}/team/responses?survey=${multi.id}&respondentLang=cy`);
  await expect(page.getByText(/^[1-9][\d,]* responses?$/)).toBeVisible();
  const responseUrl = await page
    .locator('main table a')
    .first()
    .evaluate((a) => (a as HTMLAnchorElement).href);
  const choice = multi.pages.flatMap((p) => p.fields).find((f) => f.type === 'radios' && f.scale)!;
  const text = multi.pages.flatMap((p) => p.fields).find((f) => f.type === 'textarea')!;

  const pages = [
    '/team',
    '/team/responses',
    new URL(responseUrl).pathname,
    `${new URL(responseUrl).pathname}/delete`,
    `/team/questions/${multi.id}/${choice.name}`,
    `/team/questions/${multi.id}/${text.name}`,
    '/team/tags',
    '/team/members',
    '/team/audit',
  ];
  for (const path of pages) {
    for (const lang of ['en', 'cy']) {
      await page.goto(`${site}${path}${lang === 'cy' ? '?lang=cy' : ''}`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expectNoViolations(page, page.url());
    }
  }

  // An admin invites a viewer from the members page; the viewer enrols in their own browser.
  await page.goto(`${site}/team/members`);
  await page.getByLabel('Email address').fill('viewer@example.gov.uk');
  await page.getByLabel('Role', { exact: true }).selectOption('viewer');
  await page.getByRole('button', { name: 'Create link' }).click();
  const viewerLink = (await page.locator('.govuk-panel code').innerText()).replace(
    /^http:\/\/[^/]+/,
    site,
  );
  const context = await browser.newContext();
  const viewer = await context.newPage();
  await enrol(viewer, viewerLink);
  await expect(viewer.getByRole('link', { name: 'Members' })).toHaveCount(0);
  for (const path of [
    '/team/export.csv',
    '/team/members',
    '/team/audit',
    `${new URL(responseUrl).pathname}/delete`,
  ]) {
    const response = await viewer.request.get(`${site}${path}`, { maxRedirects: 0 });
    expect(response.status(), path).toBe(403);
  }
  // With the viewer's own valid CSRF token: refused for the role, not the token.
  const csrf = await viewer.locator('input[name="csrf"]').first().inputValue();
  const deleted = await viewer.request.post(`${site}${new URL(responseUrl).pathname}/delete`, {
    form: { csrf },
    maxRedirects: 0,
  });
  expect(deleted.status()).toBe(403);
  await context.close();
});
