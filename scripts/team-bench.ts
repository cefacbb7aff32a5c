// `npm run bench:team [-- <postgres url>]`: seeds 100,000 responses across the surveys into a
// temporary SQLite file (and the given PostgreSQL database, whose feedback it replaces), then
// prints how long the team's overview and a filtered response list take to render: median and
// worst of BENCH_RUNS (15) runs each, the pages taking turns. On a shared machine the wall time
// includes waiting for a core; the CPU time this process used (which, for PostgreSQL, leaves
// out the database server's own work) is printed beside it. Last, a respondent's page is timed
// (p50, p99) while the team exports every response, runs 20 searches at once and requests the
// timed pages; it needs the built app (`npm run build`).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { allFields, isFreeText, roleOf, type ResolvedSurvey } from '../engine';
import { DEFAULT_ALLOW, sanitiseText } from '../engine/sanitise';
import { findPersonalData } from '../masking';
import { buildServer, loadDefinitions } from '../server/app';
import { openPostgresStore } from '../server/storage/postgres';
import { openSqliteStore } from '../server/storage/sqlite';
import type { StoreWithTeam } from '../server/storage/types';
import { sha256 } from '../server/team/session';
import { wordSource, wordSourceKey } from '../server/team/word-source';
import { sharedQuestions } from '../server/team/pooled';
import { ukDay } from '../server/uk-time';
import { BENCH_THEMES, comment } from './bench-text';

const RESPONSES = Number(process.env.BENCH_RESPONSES ?? 100_000);
const DAYS = 90; // the retention period: what a full store holds
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const NOW = new Date();
// BENCH_KEEP=1: PostgreSQL's responses are kept when an earlier run left its 100,000 there
// (seeding takes minutes on a busy machine); BENCH_SQLITE=0 leaves SQLite out.
const keep = process.env.BENCH_KEEP === '1';

// A small deterministic generator (mulberry32), so every run seeds the same answers. In 32-bit
// integer arithmetic: the former one multiplied past 2^53 in doubles, lost the low bits and
// repeated itself within a few thousand draws.
let seed = 42;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
};
const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;

/** A response's answers; its free text varied, in its language, masked as the service stores it. */
function answersFor(survey: ResolvedSurvey, lang: 'en' | 'cy' | null): Record<string, string> {
  const answers: Record<string, string> = { serviceName: survey.serviceName };
  for (const field of allFields(survey)) {
    if (random() < 0.2) continue;
    if (roleOf(field) === 'choice' && field.options?.length)
      answers[field.name] = pick(field.options).value;
    if (isFreeText(field))
      answers[field.name] = sanitiseText(
        comment(random, lang === 'cy' || (lang === null && random() < 0.3)),
        field.allow ?? DEFAULT_ALLOW,
        findPersonalData,
      );
  }
  return answers;
}

async function seed100k(store: StoreWithTeam, surveys: ResolvedSurvey[]) {
  const batch = 2000;
  for (let done = 0; done < RESPONSES; done += batch) {
    await Promise.all(
      Array.from({ length: Math.min(batch, RESPONSES - done) }, () => {
        const survey = pick(surveys);
        const lang = pick(['en', 'en', 'en', 'cy', null] as const);
        return store.save({
          surveyId: survey.id,
          definitionHash: survey.hash ?? '',
          receivedAt: new Date(NOW.getTime() - random() * DAYS * 24 * 60 * 60 * 1000),
          answers: answersFor(survey, lang),
          lang,
        });
      }),
    );
  }
}

/** The median and worst wall time of each URL; the URLs take turns, so a burst of load from
 *  another process on the machine falls on all of them rather than on one. */
async function timeRoutes(app: FastifyInstance, store: StoreWithTeam, urls: string[]) {
  const member = await store.team.addMember(`bench-${Date.now()}@example.gov.uk`, 'admin', NOW);
  await store.team.addSession({
    idHash: sha256(`bench-${member.id}`),
    memberId: member.id,
    created: NOW,
    lastSeen: NOW,
  });
  const times = urls.map(() => [] as number[]);
  const cpu = urls.map(() => [] as number[]);
  for (let i = 0; i < RUNS; i++) {
    for (const [u, url] of urls.entries()) {
      const start = performance.now();
      const cpuStart = process.cpuUsage();
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { cookie: `team_session=bench-${member.id}` },
      });
      times[u]!.push(performance.now() - start);
      const used = process.cpuUsage(cpuStart);
      cpu[u]!.push((used.user + used.system) / 1000);
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
    }
  }
  await store.team.removeMember(member.id);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return urls.map((url, u) => ({
    url,
    median: median(times[u]!),
    worst: Math.max(...times[u]!),
    // Which run was the worst (1: the first, with cold caches), and its CPU time: a worst run
    // that used little CPU waited (for a core, or the database), one that used much worked.
    worstRun: times[u]!.indexOf(Math.max(...times[u]!)) + 1,
    worstCpu: cpu[u]![times[u]!.indexOf(Math.max(...times[u]!))]!,
    cpu: median(cpu[u]!),
  }));
}

/**
 * A respondent's page while the team works: GET /en/<survey> again and again, over HTTP, while
 * one member downloads the whole CSV export and 20 searches of every response run at once.
 * Prints its median and 99th percentile (target: p99 under 200 ms).
 */
/** The team's load, run by its own node process: the whole CSV export (its rows counted as
 *  they stream) and 20 searches of every response at once; prints rows and times as JSON. */
const TEAM_CLIENT = `
const headers = { cookie: process.env.COOKIE };
const words = ['slow', 'quicker', 'nobody wrote this', 'dŵr', 'fine'];
const started = performance.now();
const finished = { export: 0, searches: 0, pages: 0 };
const pages = JSON.parse(process.env.PAGES);
let rows = 0;
await Promise.all([
  // The team's pages, each in turn, twice over: the analyst at work.
  (async () => {
    for (let round = 0; round < 2; round++)
      for (const page of pages) {
        const r = await fetch(process.env.BASE + page, { headers });
        if (r.status !== 200) throw new Error(page + ': ' + r.status);
        await r.text();
      }
    finished.pages = performance.now() - started;
  })(),
  fetch(process.env.BASE + '/team/export.csv', { headers }).then(async (r) => {
    if (r.status !== 200) throw new Error('/team/export.csv: ' + r.status);
    let lines = 0;
    for await (const part of r.body)
      for (let i = part.indexOf(10); i !== -1; i = part.indexOf(10, i + 1)) lines++;
    rows = lines - 1;
    finished.export = performance.now() - started;
  }),
  Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      fetch(process.env.BASE + '/team/responses?q=' + encodeURIComponent(words[i % words.length]), {
        headers,
      }).then(async (r) => {
        if (r.status !== 200) throw new Error('/team/responses: ' + r.status);
        await r.text();
      }),
    ),
  ).then(() => (finished.searches = performance.now() - started)),
]);
console.log(JSON.stringify({ rows, finished }));
`;

async function underLoad(
  app: FastifyInstance,
  store: StoreWithTeam,
  survey: ResolvedSurvey,
  pages: string[],
) {
  const member = await store.team.addMember(`load-${Date.now()}@example.gov.uk`, 'admin', NOW);
  await store.team.addSession({
    idHash: sha256(`bench-load-${member.id}`),
    memberId: member.id,
    created: NOW,
    lastSeen: NOW,
  });
  const base = await app.listen({ port: Number(process.env.BENCH_PORT ?? 0), host: '127.0.0.1' });
  // Once first: the first render loads the app's server bundle, which is not what is measured.
  await (await fetch(`${base}/en/${survey.id}`)).text();
  // How long this process's event loop was held (by the server's work or this client's), to
  // tell a blocked loop from a machine short of cores.
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  // The team's browsers are elsewhere in service: their requests come from another process, so
  // reading and unzipping the 100,000-row export does not run on the server's event loop.
  const child = spawn(process.execPath, ['--input-type=module', '-e', TEAM_CLIENT], {
    env: {
      ...process.env,
      BASE: base,
      COOKIE: `team_session=bench-load-${member.id}`,
      PAGES: JSON.stringify(pages),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let running = true;
  const work = new Promise<void>((resolve, reject) =>
    child.on('exit', (code) => {
      running = false;
      if (code === 0) resolve();
      else reject(new Error(`the team's requests failed (exit code ${code})`));
    }),
  );
  const times: number[] = [];
  while (running) {
    const start = performance.now();
    const response = await fetch(`${base}/en/${survey.id}`);
    await response.text();
    if (response.status !== 200) throw new Error(`/en/${survey.id}: ${response.status}`);
    times.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await work;
  loop.disable();
  const { rows, finished } = JSON.parse(output) as {
    rows: number;
    finished: { export: number; searches: number; pages: number };
  };
  await store.team.removeMember(member.id);
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const p99 = at(0.99);
  console.log(
    `  GET /en/${survey.id} while the team exports ${rows} responses (${(finished.export / 1000).toFixed(1)} s) and runs 20 searches at once (all done in ${(finished.searches / 1000).toFixed(1)} s) while requesting ${pages.length} team pages twice each, one at a time (${(finished.pages / 1000).toFixed(1)} s): p50 ${at(0.5).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, worst ${sorted.at(-1)!.toFixed(0)} ms of ${times.length} (${p99 < 200 ? 'under' : 'NOT under'} the 200 ms target); event loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms, max ${(loop.max / 1e6).toFixed(0)} ms; load average ${loadavg()[0]!.toFixed(1)}`,
  );
}

/** Resolves once the word index is ready (the service cuts it in the background at start). */
async function wordsReady(store: StoreWithTeam) {
  while (!store.team.wordsReady()) await new Promise((resolve) => setTimeout(resolve, 100));
}

/**
 * After a change in the way words are cut, every stored response's words are cut again, in the
 * background: how long that takes, and a respondent's page and the themes page meanwhile.
 */
async function recut(
  app: FastifyInstance,
  store: StoreWithTeam,
  surveys: Map<string, ResolvedSurvey>,
) {
  const start = performance.now();
  let done = false;
  const cutting = store.team
    .keepWords({
      ...wordSource(surveys),
      fields: Object.fromEntries(
        [...surveys.values()].map((s) => [s.id, `${wordSourceKey(s)} bench ${Date.now()}`]),
      ),
    })
    .then(() => (done = true));
  const survey = [...surveys.keys()][0]!;
  const respondent: number[] = [];
  while (!done) {
    const at = performance.now();
    const response = await app.inject({ method: 'GET', url: `/en/${survey}` });
    if (response.statusCode !== 200) throw new Error(`/en/${survey}: ${response.statusCode}`);
    respondent.push(performance.now() - at);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await cutting;
  const sorted = respondent.sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  console.log(
    `  every response's words cut again in the background (as after a change in how words are cut): ${((performance.now() - start) / 1000).toFixed(1)} s; GET /en/${survey} meanwhile p50 ${at(0.5).toFixed(0)} ms, p99 ${at(0.99).toFixed(0)} ms of ${sorted.length}; load average ${loadavg()[0]!.toFixed(1)}`,
  );
}

async function bench(
  name: string,
  store: StoreWithTeam,
  surveys: Map<string, ResolvedSurvey>,
  settle?: () => Promise<void>,
) {
  // The server first, as in service: starting it lists the answer fields the database counts
  // per day, so the seeded responses are counted as they are stored, as live ones are.
  const started = performance.now();
  const app = await buildServer({
    surveys,
    store,
    retentionMonths: false,
    rateLimit: false,
    // The built app, for the respondent's page timed under load (`npm run build` first).
    staticDir: 'dist',
    logger: false,
    // As in service (server/main.ts): the start-up work draws the overview once.
    warmUp: true,
  });
  console.log(`${name}: the server started in ${(performance.now() - started).toFixed(0)} ms`);
  const list = [...surveys.values()];
  const start = performance.now();
  if (keep && (await store.count()) === RESPONSES) {
    console.log(`${name}: kept the ${RESPONSES} responses an earlier run seeded`);
    for (const t of await store.team.listThemes())
      if (BENCH_THEMES.some((b) => t.name.startsWith(`${b.name} `)))
        await store.team.removeTheme(t.id);
  } else {
    await seed100k(store, list);
    console.log(
      `${name}: seeded ${await store.count()} responses in ${((performance.now() - start) / 1000).toFixed(1)} s`,
    );
  }
  await settle?.();
  // A kept database whose words were cut another way is cut again at start, in the background.
  const waiting = performance.now();
  await wordsReady(store);
  console.log(
    `${name}: word index ready after ${(performance.now() - waiting).toFixed(0)} ms more`,
  );
  const survey = list[0]!;
  const scale = allFields(survey).find((f) => roleOf(f) === 'choice' && f.options?.length);
  const filtered = `/team/responses?survey=${survey.id}&respondentLang=cy${
    scale ? `&answer=${scale.name}:${scale.options![0]!.value}` : ''
  }&q=slow`;
  // A free-text question's answers over the last 30 days, searched in that answer only.
  const freeText = allFields(survey).find(isFreeText);
  // Free-text search over every stored response (no survey, no dates): a word in a third of
  // the answers, and one in none (what someone looking for one comment waits for), in English
  // and in Welsh ('dŵr': SQLite folds the case of ŵ apart from its own lower()).
  // Issue 25: a segment of the overview (computed from the rows, not the per-day counts), the
  // comparison of the last 30 days with the 30 before, and a theme in a third of the answers
  // ('slow'), counted in both periods on the themes page and listed on its own page.
  const segment = scale
    ? `&answer=${scale.name}:${encodeURIComponent(scale.options![0]!.value)}`
    : '';
  // Fifteen themes of words and phrases; a theme's page for a word and for a phrase.
  const themes = [];
  for (const t of BENCH_THEMES)
    themes.push((await store.team.addTheme({ ...t, name: `${t.name} ${Date.now()}` }))!);
  // New themes are matched against every stored response in the background; their pages say
  // so meanwhile. Timed until every one is counted.
  const matching = performance.now();
  for (;;) {
    const ready = await store.team.themesReady();
    if (themes.every((t) => ready(t.id))) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  console.log(
    `${name}: ${themes.length} new themes matched over every response in ${((performance.now() - matching) / 1000).toFixed(1)} s (in the background; load average ${loadavg()[0]!.toFixed(1)})`,
  );
  // Matching restamps every response (100,000 dead row versions on PostgreSQL, whose
  // index-only scans then read the table until autovacuum runs, in the middle of the timings).
  await settle?.();
  // The analyst's pages: a score by another answer, a question shared by surveys on one scale,
  // the words people use, the trends by month, the notes and some of the figure downloads.
  const choices = allFields(survey).filter((f) => roleOf(f) === 'choice' && f.options?.length);
  const shared = sharedQuestions(list)[0];
  const analyst = [
    '/team?period=month',
    '/team/overview/score-trends.csv',
    ...(choices.length > 1
      ? [`/team/crosstab?survey=${survey.id}&score=${choices[0]!.name}&by=${choices[1]!.name}`]
      : []),
    ...(shared ? [`/team/pooled?question=${shared.name}&scale=${shared.scale}`] : []),
    '/team/words',
    '/team/words?respondentLang=cy',
    // A period and a survey: summed over their days, not read from the totals.
    `/team/words?from=${ukDay(new Date(NOW.getTime() - 30 * 24 * 60 * 60 * 1000))}`,
    `/team/words?survey=${survey.id}&respondentLang=cy`,
    '/team/notes',
    `/team/compare/shares.csv?survey=${survey.id}`,
  ];
  const wordTheme = themes.find((t) => t.name.startsWith('Slow'))!;
  const phraseTheme = themes.find((t) => t.name.startsWith('Waiting'))!;
  const urls = [
    '/team',
    `/team?survey=${survey.id}&respondentLang=cy${segment}`,
    `/team?respondentLang=en${segment}`,
    `/team/compare?survey=${survey.id}`,
    `/team/compare?survey=${survey.id}&respondentLang=cy${segment}`,
    '/team/themes',
    `/team/themes?respondentLang=cy`,
    `/team/themes/${wordTheme.id}`,
    `/team/themes/${phraseTheme.id}`,
    '/team/themes.csv',
    `/team/themes/${wordTheme.id}/scores.csv`,
    ...analyst,
    filtered,
    ...(freeText ? [`/team/questions/${survey.id}/${freeText.name}?q=slow`] : []),
    `/team/responses?page=50`,
    '/team/responses?q=quicker',
    '/team/responses?q=nobody%20wrote%20this',
    `/team/responses?q=${encodeURIComponent('dŵr')}`,
  ];
  // BENCH_ONLY (a regular expression) times only the pages whose address it finds.
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;
  const timed = urls.filter((u) => !only || only.test(u));
  // BENCH_RUNS=0 leaves out the page timings (only the respondent under load is measured).
  for (const r of RUNS > 0 ? await timeRoutes(app, store, timed) : []) {
    const verdict = r.worst < 300 ? 'every run under' : 'NOT every run under';
    console.log(
      `  ${r.url}: median ${r.median.toFixed(0)} ms, worst ${r.worst.toFixed(0)} ms of ${RUNS} (run ${r.worstRun}, CPU ${r.worstCpu.toFixed(0)} ms), median CPU of this process ${r.cpu.toFixed(0)} ms (${verdict} 300 ms)`,
    );
  }
  if (process.env.BENCH_RECUT !== '0') await recut(app, store, surveys);
  // The respondent's page while the team works: the pages timed above (their themes still
  // there), the export and searches.
  if (process.env.BENCH_LOAD !== '0') await underLoad(app, store, survey, timed);
  for (const t of themes) await store.team.removeTheme(t.id);
  await app.close();
}

const surveys = await loadDefinitions();
const dir = mkdtempSync(join(tmpdir(), 'team-bench-'));
try {
  if (process.env.BENCH_SQLITE !== '0') {
    // BENCH_SQLITE_FILE: a file kept between runs (with BENCH_KEEP=1, its responses reused).
    const sqlite = openSqliteStore(process.env.BENCH_SQLITE_FILE ?? join(dir, 'feedback.sqlite'));
    await bench('SQLite', sqlite, surveys);
    await sqlite.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const postgresUrl = process.argv[2] ?? process.env.BENCH_DATABASE_URL;
if (postgresUrl) {
  const store = await openPostgresStore(postgresUrl);
  if (!keep || (await store.count()) !== RESPONSES)
    await store.deleteOlderThan(new Date('9999-01-01'));
  seed = 42;
  // A table in service is vacuumed and analysed by autovacuum; one that has just had 100,000
  // rows replaced is not yet, and autovacuum would run in the middle of the timings. Those
  // writes (about 500 MB of WAL when the themes are matched) also set off a checkpoint, which
  // wrote for 55 s through the first pages timed and held their reads up by up to 500 ms: it is
  // run here, before them (it needs a superuser or pg_checkpoint; without, the note says so).
  const settle = async () => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    await client.query('VACUUM ANALYZE');
    await client.query('CHECKPOINT').catch((error: Error) => {
      console.log(`PostgreSQL: no CHECKPOINT before the timings (${error.message})`);
    });
    await client.end();
  };
  await bench('PostgreSQL', store, surveys, settle);
  await store.close();
}
