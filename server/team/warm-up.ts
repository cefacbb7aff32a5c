// A new process's first team page paid 100 to 200 ms for code it had not run yet: React's server
// renderer, i18next, the figures, the masking of shown text and the database driver's row parsing
// (at 100,000 responses the first /team took 300 ms against 150 after). Once the database is
// ready, the start-up work (server/startup.ts) draws the overview (as first opened, and of the
// responses in the page's language) and the first page of the responses list once in each
// language, as a viewer over the stored responses, and throws them away. No request is made: nothing is counted in the metrics, logged as a request or audited,
// and no session or member is created.
import { LANGS, type Lang } from '../../engine';
import type { TeamReader } from './access';
import type { TeamContext } from './context';
import { renderPage } from './layout';
import { overviewPage } from './overview';
import { responseListPage } from './responses';

export async function warmUp(
  ctx: Pick<TeamContext, 'surveys' | 'scales'>,
  reader: () => TeamReader,
  stylesheet: string | undefined,
): Promise<void> {
  const pages = [
    { path: '/team', draw: (lang: Lang) => overviewPage(ctx, reader(), {}, lang) },
    // A segment, counted from the responses themselves rather than the per-day counts.
    {
      path: '/team',
      draw: (lang: Lang) => overviewPage(ctx, reader(), { respondentLang: lang }, lang),
    },
    {
      path: '/team/responses',
      draw: (lang: Lang) => responseListPage(ctx, reader(), {}, lang, false),
    },
  ];
  for (const { path, draw } of pages)
    for (const lang of LANGS)
      renderPage({
        ...(await draw(lang)).page,
        lang,
        stylesheet,
        path,
        nav: { csrf: '', current: path, role: 'viewer' },
      });
}
