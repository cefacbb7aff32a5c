// @vitest-environment jsdom
// Issue 10 item 9: on a Welsh page no accessible name or tooltip is left in English. Every page
// of every survey is rendered in English and in Welsh; each aria-label, title and alt on the
// Welsh page must differ from those of the English page (brand names aside). The footer licence
// links to the Open Government Licence page in the page's language.
import { readdirSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { cleanup, waitFor } from '@testing-library/react';
import type { SurveyDefinition } from '../../engine/types';
import { surveyPath } from '../../src/paths';
import { browserSession, useSurveyStore } from '../../src/store';
import { startedSession } from '../../engine/session';
import { clock } from '../../src/clock';
import { renderApp, resetStore } from '../app/helpers';
import { DEFINITIONS_DIR } from '../helpers/definitions';

const ATTRIBUTES = ['aria-label', 'title', 'alt'];
/** Names that are rightly the same in both languages. */
const SAME_IN_BOTH = new Set(['GOV.UK']);
const OGL = 'https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/';
const OGL_CY = 'https://www.nationalarchives.gov.uk/doc/open-government-licence-cymraeg/version/3/';

interface Named {
  where: string;
  value: string;
}

/** Renders a page and returns its aria-label, title and alt values once it has a heading. */
async function namesOn(path: string, survey?: string): Promise<Named[]> {
  resetStore();
  useSurveyStore.setState({ cookieBannerDismissed: false });
  if (survey) browserSession.write(startedSession(survey, clock.now()));
  renderApp(path);
  await waitFor(() => expect(document.querySelector('main h1, main legend h1')).not.toBeNull());
  const named = [...document.body.querySelectorAll('*')].flatMap((element) =>
    ATTRIBUTES.filter((name) => element.hasAttribute(name)).map((name) => ({
      where: `${element.tagName.toLowerCase()}[${name}]`,
      value: element.getAttribute(name)!,
    })),
  );
  const svgTitles = [...document.body.querySelectorAll('svg title')].map((title) => ({
    where: 'svg title',
    value: title.textContent ?? '',
  }));
  cleanup();
  return [...named, ...svgTitles];
}

// The folder the app reads (`@definitions`, the definitions project's SURVEY_DEFINITIONS).
const definitions = Object.values(
  import.meta.glob<SurveyDefinition>('@definitions/*.json', { eager: true, import: 'default' }),
);

/** The address of every screen of every survey, without the language. */
function screens(): { path: string; survey?: string }[] {
  const unique = new Map<string, string | undefined>([
    ['cookies', undefined],
    ['no-such-page', undefined],
  ]);
  for (const def of definitions) {
    const at = (target: string) => surveyPath('en', def, target).slice('/en/'.length);
    for (const target of ['start', ...def.pages.map((page) => page.id), 'finish'])
      unique.set(at(target), def.id);
    unique.set(at('timeout'), undefined);
  }
  return [...unique].map(([path, survey]) => ({ path, survey }));
}

beforeEach(resetStore);

describe('Welsh pages have Welsh accessible names (issue 10 item 9)', () => {
  it('finds every survey in the folder', () => {
    const files = readdirSync(DEFINITIONS_DIR).filter((file) => file.endsWith('.json'));
    expect(definitions.map((def) => `${def.id}.json`).sort()).toEqual(files.sort());
  });

  it('gives no aria-label, title or alt on a Welsh page its English value', async () => {
    const english: string[] = [];
    const failures: string[] = [];
    let checked = 0;
    for (const { path, survey } of screens()) {
      const en = await namesOn(`/en/${path}`, survey);
      const cy = await namesOn(`/cy/${path}`, survey);
      english.push(...en.map((n) => n.value));
      const enValues = new Set(en.map((n) => n.value));
      for (const { where, value } of cy) {
        checked++;
        if (enValues.has(value) && !SAME_IN_BOTH.has(value))
          failures.push(`/cy/${path} ${where}="${value}"`);
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(english).toContain('Service information');
    expect(failures).toEqual([]);
  }, 240_000);

  it('links the footer licence to the OGL page in the page language', async () => {
    for (const [lang, href] of [
      ['en', OGL],
      ['cy', OGL_CY],
    ] as const) {
      renderApp(`/${lang}/cookies`);
      await waitFor(() =>
        expect(document.querySelector('.govuk-footer__licence-description a')).not.toBeNull(),
      );
      const link = document.querySelector('.govuk-footer__licence-description a')!;
      expect(link.getAttribute('href'), lang).toBe(href);
      expect(link.getAttribute('rel')).toBe('license');
      expect(link.textContent).toBe(
        lang === 'cy' ? 'Drwydded y Llywodraeth Agored v3.0' : 'Open Government Licence v3.0',
      );
      cleanup();
    }
  });
});
