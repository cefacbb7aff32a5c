// Conformance: every fixture govuk-frontend ships for a component we implement is rendered
// with our React component (options passed as props) and compared with the fixture's HTML. The
// components are found, not listed: each govuk-frontend component whose name our renderers
// export (`back-link` is `BackLink`), and each one a field type's fixture case names must be
// among them (engine/fields/<type>/fixture.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import type { FieldFixture } from '../../engine/fields/types';
import * as R from '../../renderers';
import { htmlToReact } from './html-to-react';
import { canonical, parse } from './normalise';

interface Fixture {
  name: string;
  options: Record<string, unknown>;
  html: string;
  hidden?: boolean;
}

const componentsDir = join(
  dirname(createRequire(import.meta.url).resolve('govuk-frontend/package.json')),
  'dist/govuk/components',
);

function fixtures(component: string): Fixture[] {
  return JSON.parse(readFileSync(join(componentsDir, component, 'fixtures.json'), 'utf8')).fixtures;
}

// Differences that exist because govuk's JavaScript changes the markup at run time and our
// React components render that run-time state directly. Applied to our output only.
const runtime = {
  /** Radios/checkboxes: govuk JS turns data-aria-controls into aria-controls and sets aria-expanded. */
  conditionalReveal(root: DocumentFragment) {
    root.querySelectorAll('input[aria-controls]').forEach((input) => {
      input.setAttribute('data-aria-controls', input.getAttribute('aria-controls') ?? '');
      input.removeAttribute('aria-controls');
      input.removeAttribute('aria-expanded');
    });
  },
  /** Error summary: govuk JS gives it tabindex -1 and focuses it on load; ours is drawn so, with
   *  `autofocus`, so that it takes focus without a script too. */
  errorSummaryFocus(root: DocumentFragment) {
    root.querySelectorAll('.govuk-error-summary').forEach((summary) => {
      summary.removeAttribute('tabindex');
      summary.removeAttribute('autofocus');
    });
  },
  /** Character count: govuk JS hides the static description and adds the live count and the screen-reader status. */
  characterCount(root: DocumentFragment) {
    root
      .querySelectorAll('.govuk-character-count__status, .govuk-character-count__sr-status')
      .forEach((e) => e.remove());
    root
      .querySelectorAll('.govuk-character-count__message')
      .forEach((e) => e.classList.remove('govuk-visually-hidden'));
  },
};

interface Case {
  Component: ComponentType<never>;
  /** Turns macro options into props where our React API differs (documented per component). */
  adapt?: (options: Record<string, unknown>) => Record<string, unknown>;
  /** Applied to our output before comparing; each is a documented run-time difference. */
  normalise?: ((root: DocumentFragment) => void)[];
  /** Fixture name -> why it is not expected to match. */
  skip?: Record<string, string>;
}

/** What a component's case needs beyond its renderer: documented differences only. */
const SPECIAL: Record<string, Omit<Case, 'Component'>> = {
  radios: { normalise: [runtime.conditionalReveal] },
  checkboxes: { normalise: [runtime.conditionalReveal] },
  'character-count': {
    normalise: [runtime.characterCount],
    skip: {
      // Without a limit govuk expects its JS to be configured later; our component needs maxlength.
      'to configure in JavaScript': 'no limit given; the service always sets maxlength',
      'with neither maxlength nor maxwords set':
        'no limit given; the service always sets maxlength',
      'with neither maxlength, maxwords nor textarea description set':
        'no limit given; the service always sets maxlength',
    },
  },
  'error-summary': { normalise: [runtime.errorSummaryFocus] },
  'service-navigation': {
    // Slots are React nodes in our API (e.g. <LanguageNavigation>); the fixtures' HTML strings are converted.
    adapt: (options) => {
      const slots = options.slots as
        Record<string, string | { html: string; align?: string }> | undefined;
      if (!slots) return options;
      const converted = Object.fromEntries(
        Object.entries(slots).map(([name, slot]) => [
          name,
          typeof slot === 'string'
            ? htmlToReact(slot)
            : { children: htmlToReact(slot.html), align: slot.align },
        ]),
      );
      return { ...options, slots: converted };
    },
  },
};

/** `back-link` -> `BackLink`. */
const pascal = (name: string) =>
  name.replace(/(^|-)([a-z])/g, (_, _dash, c: string) => c.toUpperCase());

const renderers = R as unknown as Record<string, ComponentType<never> | undefined>;
const CASES: Record<string, Case> = Object.fromEntries(
  readdirSync(componentsDir)
    .filter((name) => typeof renderers[pascal(name)] === 'function')
    .map((name) => [name, { Component: renderers[pascal(name)]!, ...SPECIAL[name] }]),
);

const fieldFixtures = import.meta.glob<{ fixture: FieldFixture }>(
  '../../engine/fields/*/fixture.ts',
  { eager: true },
);

describe('the components under test', () => {
  it("include every component a field type's view draws, and every special case", () => {
    const drawn = Object.values(fieldFixtures).flatMap(({ fixture }) => fixture.components);
    expect(drawn.length).toBeGreaterThan(0);
    expect([...drawn, ...Object.keys(SPECIAL)].filter((name) => !(name in CASES))).toEqual([]);
  });
});

const tally: Record<string, { passed: number; skipped: number; total: number }> = {};

for (const [component, { Component, adapt, normalise = [], skip = {} }] of Object.entries(CASES)) {
  describe(`govuk-frontend fixtures: ${component}`, () => {
    const all = fixtures(component);
    const count = (tally[component] = { passed: 0, skipped: 0, total: all.length });
    for (const fixture of all) {
      const reason = skip[fixture.name];
      if (reason) {
        count.skipped++;
        it.skip(`${fixture.name} (${reason})`, () => {});
        continue;
      }
      it(fixture.name, () => {
        const Any = Component as ComponentType<Record<string, unknown>>;
        const props = adapt ? adapt(fixture.options) : fixture.options;
        const ours = parse(renderToStaticMarkup(<Any {...props} />));
        normalise.forEach((fix) => fix(ours));
        expect(canonical(ours)).toBe(canonical(parse(fixture.html)));
        count.passed++;
      });
    }
  });
}

afterAll(() => {
  const lines = Object.entries(tally).map(
    ([c, t]) => `${c}: ${t.passed}/${t.total} passed${t.skipped ? `, ${t.skipped} skipped` : ''}`,
  );
  console.log(`govuk-frontend fixture conformance\n${lines.join('\n')}`);
});
