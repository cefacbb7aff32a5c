// The words page while the word index is still being worked out (issue 35 item 4): a server
// started in the background, as `npm start` starts it (server/main.ts), serves pages before its
// start-up work is done. Over more responses than the page counts answer by answer
// (FALLBACK_MAX), the page then says the counts are being worked out, in English and Welsh, and
// gives no table; once the word index is ready it gives the counts and no note. The index's last
// step is held here until the test lets it go, so "before" never depends on the machine's speed.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import type { StoreWithTeam } from '../../server/storage/types';
import { FALLBACK_MAX } from '../../server/team/word-counts';
import cy from '../../src/i18n/team.cy.json';
import en from '../../src/i18n/team.en.json';
import { teamServerOptions } from '../server/fixtures';
import { tables } from './crosstab-world';
import { signedIn } from './helpers';
import { openWorldStore } from './scope-world';

const NOW = new Date('2026-03-10T09:00:00Z');
const RESPONSES = FALLBACK_MAX + 1;

const databases: [string, string | undefined][] = [
  ['SQLite', undefined],
  ...(process.env.TEST_DATABASE_URL
    ? [['PostgreSQL', 'words_working_out'] as [string, string]]
    : []),
];

/** The page's text with tags dropped and spaces squeezed, to find a sentence in it. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;|&rsquo;/g, '’')
    .replace(/\s+/g, ' ');

describe.each(databases)(
  'the words page before the word index is ready, on %s',
  (_name, schema) => {
    let store: StoreWithTeam;
    let app: FastifyInstance;
    let release: () => void = () => {};
    let keptWords: Promise<void> | undefined;

    beforeAll(async () => {
      store = await openWorldStore(schema);
      // Stored before the server starts: the start-up's word index step cuts them all.
      for (let i = 0; i < RESPONSES; i += 1000)
        await Promise.all(
          Array.from({ length: Math.min(1000, RESPONSES - i) }, (_, j) =>
            store.save({
              surveyId: 'fixture-pages',
              definitionHash: 'h',
              receivedAt: new Date(Date.UTC(2026, 2, 1, 0, 0, 0, i + j)),
              answers: {
                howToImprove: 'The phone line was slow',
                serviceName: 'fixture-pages-service',
              },
              lang: 'en',
            }),
          ),
        );
      const gate = new Promise<void>((resolve) => (release = resolve));
      const keepWords = store.team.keepWords;
      store.team.keepWords = async (source) => {
        await gate;
        keptWords = keepWords(source);
        return keptWords;
      };
      app = await buildServer({
        ...teamServerOptions(store, () => NOW),
        logger: false,
        backgroundStartup: { onStartFailed: (error) => console.error(error) },
      });
    }, 120_000);

    afterAll(async () => {
      release();
      await keptWords;
      await app?.close();
      await store?.close();
    });

    it('says the counts are being worked out, in English and Welsh, and gives no table', async () => {
      const viewer = await signedIn(app, store, 'viewer', NOW);
      expect(store.team.wordsReady()).toBe(false);
      for (const [lang, words] of [
        ['en', en],
        ['cy', cy],
      ] as const) {
        const page = await viewer.get(
          `/team/words?from=2026-03-01${lang === 'cy' ? '&lang=cy' : ''}`,
        );
        expect(page.status, lang).toBe(200);
        expect(text(page.body), lang).toContain(text(words.wordsWorkingOut));
        expect(page.body, lang).not.toContain('<table');
      }
    });

    it('gives the counts, and no note, once the word index is ready', async () => {
      release();
      await expect.poll(() => store.team.wordsReady(), { timeout: 60_000 }).toBe(true);
      const viewer = await signedIn(app, store, 'analyst', NOW);
      const page = await viewer.get('/team/words?from=2026-03-01');
      expect(page.status).toBe(200);
      expect(text(page.body)).not.toContain(text(en.wordsWorkingOut));
      // Every response typed "phone", "line" and "slow" (stop words aside): each word and the
      // phrase in a table row with every response counted.
      const counted = tables(page.body).flatMap((table) => table.slice(1).map((r) => [r[0], r[1]]));
      for (const word of ['line', 'phone', 'slow', 'phone line'])
        expect(counted).toContainEqual([word, String(RESPONSES)]);
    }, 120_000);
  },
);
