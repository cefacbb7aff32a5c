import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { criticalCssFor, stylesheetInliner } from '../../server/criticalCss';

const STYLESHEET = [
  ':root{--x:1}',
  'html{margin:0}',
  '.govuk-body{color:#0b0c0c}',
  '.govuk-table{width:100%}',
  '.govuk-radios__item .govuk-radios__label{padding:0}',
  '.govuk-checkboxes__item .govuk-radios__label{padding:1px}',
  '.govuk-button:not(.govuk-button--secondary){background:green}',
  '.govuk-button--secondary{background:grey}',
  '.govuk-frontend-supported .govuk-radios__conditional--hidden{display:none}',
  '.govuk-body,.govuk-table{margin:0}',
  '.govuk-\\!-margin-bottom-4{margin-bottom:20px!important}',
  '@media (min-width:40.0625em){.govuk-body{font-size:19px}.govuk-table{font-size:19px}}',
  '@media print{.govuk-table{color:#000}}',
  '@keyframes spin{to{transform:rotate(1turn)}}',
  '@-webkit-keyframes pulse{12.5%{opacity:.5}}',
  '.govuk-body:is(.govuk-tag,.govuk-button){outline:0}',
  '.govuk-button:where(:not(.govuk-tag)){border:0}',
  '.govuk-body:has(.govuk-link){gap:0}',
  '.govuk-body[data-file$=".pdf"]{color:red}',
  '.govuk-tag[data-file$=".pdf"]{color:blue}',
].join('');

const PAGE = `<html class="x"><body><p class="govuk-body govuk-!-margin-bottom-4">Hello</p>
  <div class="govuk-radios__item"><label class="govuk-radios__label">Yes</label></div>
  <div class="govuk-radios__conditional govuk-radios__conditional--hidden"></div>
  <button class="govuk-button">Continue</button></body></html>`;

describe('criticalCssFor', () => {
  const pick = criticalCssFor(STYLESHEET);
  const { css, hash } = pick(PAGE);

  it('keeps every rule whose classes are all on the page, and rules with no class', () => {
    expect(css).toContain(':root{--x:1}');
    expect(css).toContain('html{margin:0}');
    expect(css).toContain('.govuk-body{color:#0b0c0c}');
    expect(css).toContain('.govuk-radios__item .govuk-radios__label{padding:0}');
    expect(css).toContain('.govuk-\\!-margin-bottom-4{margin-bottom:20px!important}');
    expect(css).toContain('@keyframes spin');
  });

  it('drops rules that need a class the page does not have', () => {
    expect(css).not.toContain('govuk-table');
    expect(css).not.toContain('govuk-checkboxes__item');
    expect(css).not.toContain('.govuk-button--secondary{');
    expect(css).not.toContain('@media print');
  });

  it('does not need the classes inside :not(), and keeps the classes the entry script adds', () => {
    expect(css).toContain('.govuk-button:not(.govuk-button--secondary){background:green}');
    expect(css).toContain(
      '.govuk-frontend-supported .govuk-radios__conditional--hidden{display:none}',
    );
  });

  it('does not need the classes inside :is(), :where() or :has(), nor a dot in an attribute test', () => {
    expect(css).toContain('.govuk-body:is(.govuk-tag,.govuk-button){outline:0}');
    expect(css).toContain('.govuk-button:where(:not(.govuk-tag)){border:0}');
    expect(css).toContain('.govuk-body:has(.govuk-link){gap:0}');
    expect(css).toContain('.govuk-body[data-file$=".pdf"]{color:red}');
    // The class outside the brackets still counts.
    expect(css).not.toContain('color:blue');
  });

  it('keeps prefixed keyframes whole', () => {
    expect(css).toContain('@-webkit-keyframes pulse{12.5%{opacity:.5}}');
  });

  it('keeps only the used selectors of a list, and media rules with what is left in them', () => {
    expect(css).toContain('.govuk-body{margin:0}');
    expect(css).toContain('@media (min-width:40.0625em){.govuk-body{font-size:19px}}');
  });

  it('gives the hash of exactly the text it returns, for the Content-Security-Policy', () => {
    const digest = createHash('sha256').update(css).digest('base64');
    expect(hash).toBe(`'sha256-${digest}'`);
  });

  it('answers a page with the same classes from what it worked out before', () => {
    expect(pick(PAGE.replace('Hello', 'Helo'))).toBe(pick(PAGE));
    expect(pick(`${PAGE}<table class="govuk-table"></table>`).css).toContain('@media print');
  });
});

describe('stylesheetInliner', () => {
  function dist(template: string) {
    const root = mkdtempSync(join(tmpdir(), 'critical-css-'));
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'assets', 'index-abc.css'), STYLESHEET);
    return { root, template };
  }
  const template =
    '<html><head><link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head><body></body></html>';

  it('puts the page’s own rules inline in place of the link, with the full sheet’s address', () => {
    const { root } = dist(template);
    const inline = stylesheetInliner(root, template)!;
    const page = template.replace('<body>', '<body><p class="govuk-body">Hi</p>');
    const { page: styled, styleHash } = inline(page);
    expect(styled).not.toContain('<link rel="stylesheet"');
    const style = /<style data-app-styles="\/assets\/index-abc.css">([^<]*)<\/style>/.exec(styled);
    expect(style?.[1]).toContain('.govuk-body{color:#0b0c0c}');
    expect(style?.[1]).not.toContain('govuk-table');
    expect(styleHash).toBe(criticalCssFor(STYLESHEET)(page).hash);
  });

  it('leaves a template without a built stylesheet alone', () => {
    const { root } = dist('<html><head></head></html>');
    expect(stylesheetInliner(root, '<html><head></head></html>')).toBeUndefined();
  });
});
