// The server sends each page with only the styles its own markup uses, inline
// (server/criticalCss.ts); what the app draws later (the next page, error messages) needs the
// whole stylesheet. It is fetched once the page is on screen as a print sheet, which the browser
// parses but does not apply, and switched on at the respondent's first tap, key press or focus,
// or the app's first change of page. Applying it restyles the whole page: done earlier, that work
// would hold up a phone while the page is still loading.
let sheet: HTMLLinkElement | undefined;

/** Starts fetching the full stylesheet, if the server named one. */
export function fetchFullStyles(): void {
  const href = document.querySelector<HTMLElement>('style[data-app-styles]')?.dataset.appStyles;
  if (!href || sheet) return;
  sheet = Object.assign(document.createElement('link'), {
    rel: 'stylesheet',
    href,
    media: 'print',
  });
  document.head.append(sheet);
  for (const type of ['pointerdown', 'keydown', 'focusin'])
    addEventListener(type, applyFullStyles, { capture: true, once: true, passive: true });
}

/** Applies the full stylesheet to the screen (as soon as it has arrived). */
export function applyFullStyles(): void {
  // Only once: setting `media` again, even to the same value, makes the browser re-check it.
  if (sheet && sheet.media !== 'all') sheet.media = 'all';
}
