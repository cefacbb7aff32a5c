// The rules the server puts inline in a page (server/criticalCss.ts) must style it exactly as
// the full stylesheet would: compared property by property on every element (and its ::before
// and ::after), with and without the classes the entry script sets on <body> before the first
// paint.
import type { Page } from '@playwright/test';
import { SCRIPT_CLASSES } from '../../../src/scriptClasses';
import { expect, firstInRun } from './fixtures';

/** The properties styled differently once the full stylesheet is added (at most five). */
function differencesFromFullSheet(page: Page, href: string): Promise<string[]> {
  return page.evaluate(
    async ({ href, names }) => {
      // One row per element and pseudo-element: its property names and their values, each
      // joined in one string, so two snapshots are compared row by row and only a row that
      // differs is taken apart property by property.
      const SEP = '\u0001';
      const snapshot = () => {
        const rows = new Map<string, [string, string]>();
        const elements = [document.documentElement, ...document.body.querySelectorAll('*')];
        elements.forEach((element, index) => {
          for (const pseudo of ['', '::before', '::after']) {
            const style = getComputedStyle(element, pseudo || null);
            if (pseudo && style.content === 'none') continue;
            const names = [...style];
            rows.set(`#${index} <${element.localName}>${pseudo}`, [
              names.join(SEP),
              names.map((name) => style.getPropertyValue(name)).join(SEP),
            ]);
          }
        });
        return rows;
      };
      /** Every property of a row, by name (an absent row has none). */
      const properties = (row: [string, string] | undefined) => {
        const byName = new Map<string, string>();
        if (!row) return byName;
        const values = row[1].split(SEP);
        row[0].split(SEP).forEach((name, i) => byName.set(name, values[i]!));
        return byName;
      };
      const scriptClasses = (on: boolean) => {
        for (const name of names) document.body.classList.toggle(name, on);
      };
      const inlineOnly = [snapshot()];
      scriptClasses(true);
      inlineOnly.push(snapshot());
      const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
      await new Promise((resolve, reject) => {
        link.onload = resolve;
        link.onerror = reject;
        document.head.append(link);
      });
      const withFull = [snapshot()];
      scriptClasses(false);
      withFull.unshift(snapshot());
      // Back to the page as served, for whatever the test does next.
      link.remove();
      const differences: string[] = [];
      inlineOnly.forEach((rows, state) => {
        const full = withFull[state]!;
        for (const row of new Set([...rows.keys(), ...full.keys()])) {
          const [inline, sheet] = [rows.get(row), full.get(row)];
          if (inline && sheet && inline[0] === sheet[0] && inline[1] === sheet[1]) continue;
          const [a, b] = [properties(inline), properties(sheet)];
          for (const name of new Set([...a.keys(), ...b.keys()]))
            if (a.get(name) !== b.get(name))
              differences.push(
                `${row} ${name}: ${a.get(name)} inline, ${b.get(name)} with the full sheet`,
              );
        }
      });
      return differences.slice(0, 5);
    },
    { href, names: SCRIPT_CLASSES },
  );
}

/**
 * The page as its inline rules style it equals the page with the full stylesheet. Checked once
 * per set of classes in the run: the server picks the rules by that set alone.
 */
export async function expectInlineStylesComplete(page: Page, key: string): Promise<void> {
  const classes = await page.evaluate(() =>
    [...new Set([...document.querySelectorAll('[class]')].flatMap((e) => [...e.classList]))]
      .sort()
      .join(' '),
  );
  if (!firstInRun(`inline styles ${classes}`)) return;
  const href = await page.locator('style[data-app-styles]').getAttribute('data-app-styles');
  expect(href, `${key}: the full stylesheet's address`).toMatch(/^\/assets\/.+\.css$/);
  expect(
    await differencesFromFullSheet(page, href!),
    `${key}: styled as with the full sheet`,
  ).toEqual([]);
}
