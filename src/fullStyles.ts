// The server sends each page with only the styles its own markup uses, inline
// (server/criticalCss.ts); what the app draws later (the next page, error messages) needs the
// whole stylesheet. It is fetched once the page is on screen as a print sheet, which the browser
// parses but does not apply, and switched on in the first idle moment after the page is live.
// Applying it restyles the whole page: done while the page loads, that work held a phone up;
// done at the first tap, it slowed the answer to that tap. The first tap, key press or focus, the
// app's first change of page and restored answers still switch it on if no idle moment came.
let sheet: HTMLLinkElement | undefined;
let arrived: Promise<boolean> | undefined;

/** Adds the stylesheet as a print sheet, in place of an earlier one; resolves whether it loaded. */
function addSheet(href: string): Promise<boolean> {
  sheet?.remove();
  const link = Object.assign(document.createElement('link'), {
    rel: 'stylesheet',
    href,
    media: 'print',
  });
  sheet = link;
  document.head.append(link);
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(true), { once: true });
    link.addEventListener('error', () => resolve(false), { once: true });
  });
}

/**
 * Starts fetching the full stylesheet, if the server named one. Resolves true once it is there
 * (or when there is none to fetch: the development server's styles come with the script), false
 * when it failed to arrive twice, as on a connection that keeps dropping.
 */
export function fetchFullStyles(): Promise<boolean> {
  const href = document.querySelector<HTMLElement>('style[data-app-styles]')?.dataset.appStyles;
  if (!href) return Promise.resolve(true);
  if (!arrived) {
    arrived = addSheet(href).then((loaded) => loaded || addSheet(href));
    for (const type of ['pointerdown', 'keydown', 'focusin'])
      addEventListener(type, applyFullStyles, { capture: true, once: true, passive: true });
  }
  return arrived;
}

/** Applies the full stylesheet to the screen (as soon as it has arrived). */
export function applyFullStyles(): void {
  // Only once: setting `media` again, even to the same value, makes the browser re-check it.
  if (sheet && sheet.media !== 'all') sheet.media = 'all';
}

/**
 * Applies the full stylesheet in the first idle moment once it has arrived and the page is live:
 * the restyle is then a short task of its own rather than part of the respondent's first tap.
 */
export function applyFullStylesWhenIdle(): void {
  void arrived?.then((loaded) => {
    if (!loaded) return;
    if ('requestIdleCallback' in window) requestIdleCallback(applyFullStyles, { timeout: 2000 });
    else setTimeout(applyFullStyles, 200);
  });
}
