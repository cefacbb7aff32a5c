// A page opened from a preview link says that it is a test run: what it sends is a test
// submission the feedback team never sees. Drawn by the server outside the app's own markup (so
// the respondent's app, and its size, are unchanged), above the page, in the page's language; it
// stays in place while the app moves from page to page with JavaScript.
import type { Lang } from '../../engine';

const WORDS: Record<Lang, { tag: string; text: string }> = {
  en: {
    tag: 'Preview',
    text: 'A test run from the preview: answers sent from here are test submissions, which the feedback team never sees.',
  },
  cy: {
    tag: 'Rhagolwg',
    text: "Rhediad prawf o'r rhagolwg: mae atebion a anfonir o'r fan hon yn gyflwyniadau prawf, nad yw'r tîm adborth byth yn eu gweld.",
  },
};

/** The notice's markup (GOV.UK's phase banner), for a page whose run is a test run. */
export function testRunNotice(lang: Lang): string {
  const words = WORDS[lang];
  return (
    `<div class="govuk-width-container" id="test-run">` +
    `<div class="govuk-phase-banner"><p class="govuk-phase-banner__content">` +
    `<strong class="govuk-tag govuk-phase-banner__content__tag">${words.tag}</strong>` +
    `<span class="govuk-phase-banner__text">${words.text}</span></p></div></div>`
  );
}

/** True when the page's data says its run began at a preview link. */
export function isTestRun(data: unknown): boolean {
  const state = (data as { state?: { test?: unknown } } | null | undefined)?.state;
  return state?.test === true;
}
