// Single sign-on in Chromium: a local OpenID Connect provider (oidc-provider) and a second
// instance of the service configured for it, both on 127.0.0.1. The browser reaches the service
// as localhost and the provider as 127.0.0.1, two different sites, so the provider's redirect
// back is a cross-site navigation as it is in real life (a SameSite=Strict cookie is not sent).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { expectNoViolations } from './helpers/fixtures';
import { htmlErrors } from './helpers/html';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  startProvider,
  type TestProvider,
} from './helpers/oidc-provider';

// One provider and one service for the file's tests, in order.
test.describe.configure({ mode: 'serial' });

let provider: TestProvider;
let service: ChildProcess;
let site: string;
let dataDir: string;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test.beforeAll(async () => {
  const port = await freePort();
  site = `http://localhost:${port}`;
  provider = await startProvider({
    redirectUri: `${site}/team/sso/callback`,
    postLogoutRedirectUri: `${site}/team/sso/signed-out`,
    groups: { 'lead@partner.example': ['feedback-admins'] },
  });
  dataDir = mkdtempSync(join(tmpdir(), 'feedback-sso-'));
  let stderr = '';
  service = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      OIDC_SCOPES: 'openid email groups',
      OIDC_ROLES: 'admin=group:feedback-admins; viewer=domain:example.gov.uk',
      PUBLIC_URL: site,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  service.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // Ready when it answers; a few hundred milliseconds after tsx has loaded it.
  for (let i = 0; ; i++) {
    if (service.exitCode !== null || i > 300)
      throw new Error(`the service with OIDC settings did not start: ${stderr}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});

test.afterAll(async () => {
  service?.kill('SIGTERM');
  await provider?.close();
});

/** The provider's development pages import a web font from the internet: not from here. */
const offline = (context: BrowserContext) =>
  context.route(/^https:\/\/fonts\.googleapis\.com\//, (route) => route.abort());

/** The provider's development sign-in (any password), then its consent page. */
async function signInAtProvider(page: Page, email: string) {
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/`));
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('without JavaScript, an organisation account signs in through the provider and lands on the overview', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  await offline(context);
  const page = await context.newPage();
  await page.goto(`${site}/team`);
  await expect(page).toHaveURL(`${site}/team/sign-in`);
  await page.getByRole('button', { name: 'Sign in with your organisation account' }).click();
  await signInAtProvider(page, 'lead@partner.example');

  await expect(page).toHaveURL(`${site}/team`);
  await expect(page.locator('h1')).toHaveText('Overview');
  // The role from the rules (a group of admins): the admin's sections are there.
  await expect(page.getByRole('link', { name: 'Members' })).toBeVisible();
  const cookies = await context.cookies(`${site}/team`);
  expect(cookies).toEqual([
    expect.objectContaining({
      name: 'team_session',
      path: '/team',
      httpOnly: true,
      sameSite: 'Strict',
    }),
  ]);
  const db = new Database(join(dataDir, 'feedback.sqlite'), { readonly: true });
  const actions = db
    .prepare(
      "SELECT action FROM team_audit WHERE member_id = (SELECT id FROM team_member WHERE email = 'lead@partner.example') ORDER BY action",
    )
    .all();
  db.close();
  expect(actions).toEqual([{ action: 'sign-in:sso' }, { action: 'sso-join:admin' }]);
  await context.close();
});

test('a Welsh page with filters, opened signed out, is where an organisation account lands after signing in', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  await offline(context);
  const page = await context.newPage();
  const asked = `${site}/team/responses?survey=basic&respondentLang=cy&lang=cy`;
  await page.goto(asked);
  await expect(page).toHaveURL(/\/team\/sign-in\?next=.*&lang=cy$/);
  await page.getByRole('button', { name: 'Mewngofnodi gyda chyfrif eich sefydliad' }).click();
  await signInAtProvider(page, 'lead@partner.example');
  await expect(page).toHaveURL(asked);
  await expect(page.locator('html')).toHaveAttribute('lang', 'cy');
  await expect(page.locator('h1')).toHaveText('Ymatebion');
  await expect(page.getByLabel('Iaith yr ymateb')).toHaveValue('cy');
  await context.close();
});

test('an account of a domain no rule allows is refused; sign-in, refused and failed pages pass axe in English and Welsh', async ({
  page,
  context,
}) => {
  await offline(context);
  await page.goto(`${site}/team/sign-in`);
  await expectNoViolations(page, page.url());
  await page.goto(`${site}/team/sign-in?lang=cy`);
  await expectNoViolations(page, page.url());
  await page.getByRole('button', { name: 'Mewngofnodi gyda chyfrif eich sefydliad' }).click();
  await signInAtProvider(page, 'mallory@elsewhere.example');

  await expect(page).toHaveURL(`${site}/team/sso/refused?lang=cy`);
  await expect(page.locator('h1')).toHaveText('Ni allwch fewngofnodi gyda’r cyfrif hwn');
  await expectNoViolations(page, page.url());
  expect(await context.cookies(`${site}/team`)).toEqual([]);
  await page.goto(`${site}/team/sso/refused`);
  await expect(page.locator('h1')).toHaveText('You cannot sign in with this account');
  await expectNoViolations(page, page.url());
  await page.getByRole('link', { name: 'Go to the sign-in page' }).click();
  await expect(page).toHaveURL(`${site}/team/sign-in`);

  // The callback reached without a sign-in under way (a bookmark, another browser).
  await page.goto(`${site}/team/sso/callback?code=x&state=y`);
  await expect(page).toHaveURL(`${site}/team/sso/failed`);
  await expect(page.locator('h1')).toHaveText('Sign-in did not work');
  await expectNoViolations(page, page.url());
  await page.goto(`${site}/team/sso/failed?lang=cy`);
  await expect(page.locator('h1')).toHaveText('Ni weithiodd y mewngofnodi');
  await expectNoViolations(page, page.url());
});

test('the pages only single sign-on shows are readable at 320 px and valid HTML, in English and Welsh', async ({
  page,
  context,
}) => {
  await offline(context);
  await page.setViewportSize({ width: 320, height: 900 });
  const served: Record<string, string> = {};
  for (const path of ['/team/sign-in', '/team/sso/refused', '/team/sso/failed'])
    for (const lang of ['en', 'cy']) {
      const url = `${site}${path}${lang === 'cy' ? '?lang=cy' : ''}`;
      served[`${path} (${lang})`] = await (await page.request.get(url)).text();
      await page.goto(url);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect.soft(width, `${path} (${lang}) at 320 px`).toBeLessThanOrEqual(320);
      await expectNoViolations(page, `${path} ${lang} at 320 px`);
    }
  for (const [name, errors] of Object.entries(htmlErrors(served)))
    expect.soft(errors, `${name} is valid HTML`).toEqual([]);
});

for (const { js, lang } of [
  { js: false, lang: 'en' },
  { js: true, lang: 'cy' },
] as const) {
  test(`signing out ends the organisation account's session too (JavaScript ${js ? 'on' : 'off'}, ${lang})`, async ({
    browser,
  }) => {
    const cy = lang === 'cy';
    const context = await browser.newContext({ javaScriptEnabled: js });
    await offline(context);
    const page = await context.newPage();
    const ssoButton = page.getByRole('button', {
      name: cy
        ? 'Mewngofnodi gyda chyfrif eich sefydliad'
        : 'Sign in with your organisation account',
    });
    await page.goto(`${site}/team/sign-in${cy ? '?lang=cy' : ''}`);
    await ssoButton.click();
    await signInAtProvider(page, 'ann@example.gov.uk');
    await expect(page).toHaveURL(`${site}/team${cy ? '?lang=cy' : ''}`);

    await page.getByRole('button', { name: cy ? 'Allgofnodi' : 'Sign out' }).click();
    // Our page went on by itself to the provider, which asks to confirm.
    await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/session/end`));
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();

    await expect(page).toHaveURL(`${site}/team/sso/signed-out${cy ? '?lang=cy' : ''}`);
    await expect(page.locator('h1')).toHaveText(
      cy ? 'Rydych wedi allgofnodi' : 'You have signed out',
    );
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    // axe runs as a script in the page, so only where scripts run.
    if (js) await expectNoViolations(page, page.url());
    expect(await context.cookies(`${site}/team`)).toEqual([]);

    // On a shared computer the next person's organisation sign-in asks who they are.
    await page
      .getByRole('link', { name: cy ? 'Mynd i’r dudalen fewngofnodi' : 'Go to the sign-in page' })
      .click();
    await ssoButton.click();
    await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/`));
    await expect(page.locator('input[name="login"]')).toBeVisible();
    await context.close();
  });
}
