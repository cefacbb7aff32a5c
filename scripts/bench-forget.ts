// `npm run bench:forget`: what cutting SQLite's write-ahead log costs (server/storage/
// sqlite-forget.ts), to choose how often it runs. Drafts are written, saved and sent as the pages
// without JavaScript do; each round sends a number of drafts, then copies the log into the file
// and cuts it (wal_checkpoint(TRUNCATE)), and prints the sends per second and the milliseconds
// the cut took. A temporary database; nothing else is touched.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openSqliteStore } from '../server/storage/sqlite';

const dir = mkdtempSync(join(tmpdir(), 'bench-forget-'));
const file = join(dir, 'feedback.sqlite');
// Never cut by the store itself during the bench: the rounds do it.
const store = openSqliteStore(file, { forgetEveryMs: 24 * 60 * 60 * 1000 });
const db = new Database(file);
const answers = {
  whyDidYouApply: 'Job',
  howToImprove: 'A comment of a few sentences, as respondents write them. '.repeat(8),
};
const now = new Date();

async function sendDrafts(n: number) {
  for (let i = 0; i < n; i++) {
    const token = await store.drafts.create('bench', now);
    await store.drafts.save(token, answers, now);
    await store.sendDraft(token, {
      surveyId: 'bench',
      definitionHash: 'h',
      receivedAt: now,
      answers: { serviceName: 'bench', howToImprove: '[…]' },
    });
  }
}

const time = async (run: () => unknown) => {
  const start = performance.now();
  await run();
  return performance.now() - start;
};

// Each setting in turn, three times over, so a change in the machine's load falls on all alike.
const settings = [1, 10, 100, Infinity];
const results = new Map(settings.map((n) => [n, { sends: 0, ms: 0, cuts: [] as number[] }]));
for (let pass = 0; pass < 3; pass++)
  for (const between of settings) {
    const result = results.get(between)!;
    const sends = between === Infinity ? 100 : Math.max(between, 100);
    for (let sent = 0; sent < sends; sent += Math.min(between, sends)) {
      result.ms += await time(() => sendDrafts(Math.min(between, sends)));
      result.sends += Math.min(between, sends);
      if (between === Infinity) continue;
      const cut = await time(() => db.pragma('wal_checkpoint(TRUNCATE)'));
      result.ms += cut;
      result.cuts.push(cut);
    }
  }
console.log(
  'drafts sent between cuts | sends per second, with the cuts | one cut, ms (median, max)',
);
for (const [between, { sends, ms, cuts }] of results) {
  const sorted = [...cuts].sort((a, b) => a - b);
  const cut = sorted.length
    ? `${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)}, ${sorted[sorted.length - 1]!.toFixed(1)}`
    : '(never cut)';
  console.log(
    `${String(between === Infinity ? 'never' : between).padStart(24)} | ${((sends * 1000) / ms).toFixed(0).padStart(33)} | ${cut}`,
  );
}
db.close();
await store.close();
rmSync(dir, { recursive: true, force: true });
