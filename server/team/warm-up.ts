// A new process's first team page paid 100 to 200 ms for code it had not run yet: React's server
// renderer, i18next, the figures and the database driver's row parsing (at 100,000 responses the
// first /team took 300 ms against 150 after). Once the database is ready, the start-up work
// (server/startup.ts) draws the overview once in each language, as a viewer over the stored
// responses, and throws it away. No request is made: nothing is counted in the metrics, logged
// as a request or audited, and no session or member is created.
import { LANGS } from '../../engine';
import type { TeamReader } from './access';
import type { TeamContext } from './context';
import { renderPage } from './layout';
import { overviewPage } from './overview';

export async function warmUp(
  ctx: Pick<TeamContext, 'surveys' | 'scales'>,
  reader: () => TeamReader,
  stylesheet: string | undefined,
): Promise<void> {
  for (const lang of LANGS) {
    const { page } = await overviewPage(ctx, reader(), {}, lang);
    renderPage({
      ...page,
      lang,
      stylesheet,
      path: '/team',
      nav: { csrf: '', current: '/team', role: 'viewer' },
    });
  }
}
