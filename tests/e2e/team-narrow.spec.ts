// The team area on a phone: at 320 px no team page scrolls sideways (tables scroll in their own
// box), in English and Welsh, with axe; at 375 px the charts' text is at least 12 px and no two
// labels overlap, with a year's weekly trend and long option labels; and every one of those
// pages, as the server sends it, is valid HTML (Nu Html Checker).
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { expectNoViolations } from './helpers/fixtures';
import { htmlErrors } from './helpers/html';
import { enrol, inviteLink, origin } from './helpers/team';

const DAY = 24 * 60 * 60 * 1000;
const ymd = (d: Date) => d.toISOString().slice(0, 10);

/** A year of basic-survey responses (one every six days), a tag on one and a theme. */
function seed() {
  const db = new Database(join(process.env.E2E_DATA_DIR!, 'feedback.sqlite'));
  const insert = db.prepare(
    'INSERT INTO feedback (id, survey_id, definition_hash, received_at, answers, lang) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const reasons = ['Job', 'Volunteering', 'Licence', 'Visa or travel', 'Own record'];
  const ids: string[] = [];
  for (let i = 0; i < 60; i++) {
    const id = randomUUID();
    ids.push(id);
    insert.run(
      id,
      'basic',
      'e2e',
      new Date(Date.now() - (i * 6 + 1) * DAY).toISOString(),
      JSON.stringify({
        whyDidYouApply: reasons[i % reasons.length],
        howSatisfied: String((i % 5) + 1),
        howToImprove: `Averyveryverylongwordwithnospacesthatmightwidenthepage${i} and more words after it`,
        serviceName: 'basic-dbs-check',
      }),
      i % 3 ? 'en' : 'cy',
    );
  }
  const tag = randomUUID();
  db.prepare('INSERT INTO team_tag (id, name) VALUES (?, ?)').run(tag, `Narrow ${tag.slice(0, 8)}`);
  db.prepare('INSERT INTO team_response_tag (feedback_id, tag_id) VALUES (?, ?)').run(ids[0], tag);
  const theme = randomUUID();
  db.prepare('INSERT INTO team_theme (id, name, terms_en, terms_cy) VALUES (?, ?, ?, ?)').run(
    theme,
    `Long words ${theme.slice(0, 8)}`,
    JSON.stringify(['averyveryverylongword']),
    JSON.stringify(['araf']),
  );
  db.close();
  return { response: ids[0]!, theme };
}

/** The pooled figures of the satisfaction question, as its question page links to them. */
async function pooledPath(page: Page, site: string): Promise<string> {
  const question = await (
    await page.request.get(`${site}/team/questions/basic/howSatisfied`)
  ).text();
  const href = question.match(/href="(\/team\/pooled\?[^"]+)"/)?.[1];
  expect(href, 'the satisfaction question links to its pooled figures').toBeDefined();
  return href!.replaceAll('&amp;', '&');
}

const withLang = (path: string, lang: string) =>
  lang === 'cy' ? `${path}${path.includes('?') ? '&' : '?'}lang=cy` : path;

/**
 * Each page in English and Welsh at 320 px: nothing scrolls sideways (tables scroll in their own
 * box), no axe violation, and the server's HTML is valid (Nu Html Checker); with `found`, each
 * page is there (200).
 */
async function checkNarrow(page: Page, site: string, paths: string[], found = false) {
  await page.setViewportSize({ width: 320, height: 900 });
  const served: Record<string, string> = {};
  for (const path of paths)
    for (const lang of ['en', 'cy']) {
      const url = `${site}${withLang(path, lang)}`;
      // The server's HTML as sent (the member's session cookie goes with it).
      const sent = await page.request.get(url);
      if (found) expect.soft(sent.status(), `${path} (${lang})`).toBe(200);
      served[`${path} (${lang})`] = await sent.text();
      await page.goto(url);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      const { width, wide } = await page.evaluate(() => ({
        width: document.documentElement.scrollWidth,
        // What sticks out, to say where the trouble is (not inside a box that scrolls).
        wide: [...document.querySelectorAll('body *')]
          .filter((e) => e.getBoundingClientRect().right > 321 && !e.closest('.app-table-scroll'))
          .slice(0, 5)
          .map((e) => `${e.tagName.toLowerCase()}.${e.className}`),
      }));
      expect.soft(width, `${path} (${lang}) is ${width} px wide: ${wide}`).toBeLessThanOrEqual(320);
      await expectNoViolations(page, `${path} ${lang} at 320 px`);
    }
  for (const [name, errors] of Object.entries(htmlErrors(served)))
    expect.soft(errors, `${name} is valid HTML`).toEqual([]);
}

test('no team page scrolls sideways at 320 px, in English and Welsh, and each passes axe', async ({
  page,
  baseURL,
}) => {
  const site = origin(baseURL);
  const { response, theme } = seed();
  await enrol(page, await inviteLink(baseURL, `narrow-${Date.now()}@example.gov.uk`, 'admin'));
  const yearAgo = ymd(new Date(Date.now() - 364 * DAY));
  // An invitation not yet used: its enrolment page, and the members page lists it.
  const unused = new URL(
    await inviteLink(baseURL, `unused-${Date.now()}@example.gov.uk`, 'viewer'),
  );
  await checkNarrow(page, site, [
    `${unused.pathname}${unused.search}`,
    '/team',
    `/team?survey=basic&from=${yearAgo}`,
    '/team?from=2026-02-30',
    '/team/responses?survey=basic',
    `/team/responses/${response}`,
    `/team/responses/${response}/delete`,
    '/team/questions/basic/whyDidYouApply',
    '/team/questions/basic/howSatisfied',
    '/team/questions/basic/howToImprove',
    '/team/tags',
    '/team/members',
    '/team/audit',
    '/team/compare?survey=basic',
    '/team/themes',
    `/team/themes/${theme}?from=${yearAgo}`,
    '/team/themes/new',
    `/team/themes/${theme}/edit`,
    '/team/no-such-page',
    '/team/sign-in',
  ]);
});

test('the newer team pages at 320 px, in English and Welsh: no sideways scroll, axe and HTML clean', async ({
  page,
  baseURL,
}) => {
  const site = origin(baseURL);
  seed();
  await enrol(page, await inviteLink(baseURL, `newer-${Date.now()}@example.gov.uk`, 'analyst'));
  const yearAgo = ymd(new Date(Date.now() - 364 * DAY));
  // Scores by month, notes, a score by answer, pooled figures, the words people use, how the
  // figures are worked out.
  await checkNarrow(
    page,
    site,
    [
      `/team?survey=basic&from=${yearAgo}&period=month`,
      '/team/notes',
      `/team/crosstab?survey=basic&from=${yearAgo}`,
      await pooledPath(page, site),
      `/team/words?survey=basic&from=${yearAgo}`,
      '/team/methods',
    ],
    true,
  );
});

/** Each chart's smallest text in CSS pixels, and any labels that overlap or leave the chart. */
function chartText(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('main svg[role="img"]')].map((svg) => {
      const chart = svg.getBoundingClientRect();
      const scale = chart.width / (svg as SVGSVGElement).viewBox.baseVal.width;
      const texts = [...svg.querySelectorAll('text')].map((t) => ({
        text: t.textContent ?? '',
        px: parseFloat(getComputedStyle(t).fontSize) * scale,
        box: t.getBoundingClientRect(),
      }));
      const overlapping: string[] = [];
      texts.forEach((a, i) =>
        texts.slice(i + 1).forEach((b) => {
          const apart =
            a.box.right <= b.box.left ||
            b.box.right <= a.box.left ||
            a.box.bottom <= b.box.top ||
            b.box.bottom <= a.box.top;
          if (!apart) overlapping.push(`${a.text} / ${b.text}`);
        }),
      );
      return {
        title: svg.querySelector('title')?.textContent,
        smallest: Math.min(...texts.map((t) => t.px)),
        overlapping,
        outside: texts
          .filter((t) => t.box.left < chart.left - 1 || t.box.right > chart.right + 1)
          .map((t) => t.text),
      };
    }),
  );
}

test('charts are readable at 375 px: text at least 12 px, no overlapping or cut labels', async ({
  page,
  baseURL,
}) => {
  const site = origin(baseURL);
  const { theme } = seed();
  await enrol(page, await inviteLink(baseURL, `charts-${Date.now()}@example.gov.uk`, 'analyst'));
  await page.setViewportSize({ width: 375, height: 900 });
  const yearAgo = ymd(new Date(Date.now() - 364 * DAY));
  for (const path of [
    `/team?survey=basic&from=${yearAgo}`,
    '/team/questions/basic/whyDidYouApply',
    '/team/questions/basic/howSatisfied',
    `/team/themes/${theme}?from=${yearAgo}`,
  ])
    for (const lang of ['en', 'cy']) {
      await page.goto(`${site}${withLang(path, lang)}`);
      const charts = await chartText(page);
      expect(charts.length, path).toBeGreaterThan(0);
      for (const chart of charts) {
        const where = `${path} (${lang}): ${chart.title}`;
        expect.soft(chart.smallest, where).toBeGreaterThanOrEqual(12);
        expect.soft(chart.overlapping, where).toEqual([]);
        expect.soft(chart.outside, where).toEqual([]);
      }
    }
});
