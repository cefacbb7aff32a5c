// The server's session store (server/nojs/draftSession.ts): a draft read as the page step's session,
// and written back. Expectations follow the SPEC: a run is cleared after 60 idle minutes (judged
// by the engine from the activity the store keeps), a sent run says so, and one survey's run
// never writes into another survey's draft.
import { afterEach, describe, expect, it } from 'vitest';
import { move, NO_SESSION, type Session } from '../../engine';
import { inline, page, radios } from '../engine/fixtures';
import { draftSession } from '../../server/nojs/draftSession';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 23, 9) + minutes * 60_000);
const survey = inline(
  [page('q1', [radios('whyDidYouApply', ['Job'])]), page('q2', [radios('more', ['a'])])],
  { id: 'basic' },
);
let store: StoreWithTeam | undefined;
afterEach(async () => {
  await store?.close();
  store = undefined;
});

describe('the draft as a session store', () => {
  it('reads a draft as the run stored, with its last activity: the engine judges the hour', async () => {
    store = openSqliteStore(':memory:');
    const token = await store.drafts.create('basic', at(0));
    await store.drafts.save(token, { whyDidYouApply: 'Job' }, at(0));
    const stored = {
      surveyName: 'basic',
      answers: { whyDidYouApply: 'Job' },
      inProgress: true,
      lastActivity: at(0).getTime(),
      sent: false,
    };
    const live = draftSession(store.drafts, token, () => at(59));
    expect(await live.read()).toEqual(stored);
    expect(live.token()).toBe(token);
    // 61 minutes idle: the store still returns the run as stored, and the engine's own rule ends
    // it on the server; written back, the ended run deletes the draft.
    const idle = draftSession(store.drafts, token, () => at(61));
    const read = await idle.read();
    expect(read).toEqual(stored);
    const visit = move(survey, read, { kind: 'visit', page: 'q2' }, at(61).getTime());
    expect(visit).toEqual({ kind: 'go', to: 'timeout', session: NO_SESSION });
    await idle.write((visit as { session: Session }).session);
    expect(idle.token()).toBeNull();
    expect(await store.drafts.read(token)).toBeNull();
  });

  it('writes a run without a draft into a new one, never into another survey’s draft', async () => {
    store = openSqliteStore(':memory:');
    const other = await store.drafts.create('barring', at(0));
    const sessions = draftSession(store.drafts, other, () => at(1));
    await sessions.read();
    await sessions.write({
      ...NO_SESSION,
      surveyName: 'basic',
      inProgress: true,
      answers: { a: 'b' },
    });
    const made = sessions.token();
    expect(made).not.toBeNull();
    expect(made).not.toBe(other);
    expect(await store.drafts.read(made!)).toEqual({
      surveyId: 'basic',
      answers: { a: 'b' },
      lastActivity: at(1),
    });
    expect(await store.drafts.read(other)).toEqual({
      surveyId: 'barring',
      answers: {},
      lastActivity: at(0),
    });
  });

  it('reads a sent draft as a sent run with nothing kept', async () => {
    store = openSqliteStore(':memory:');
    const token = await store.drafts.create('basic', at(0));
    const record = {
      surveyId: 'basic',
      definitionHash: 'h',
      receivedAt: at(1),
      answers: {},
      lang: 'en' as const,
    };
    await store.sendDraft(token, record);
    const read = await draftSession(store.drafts, token, () => at(2)).read();
    expect(read).toMatchObject({ surveyName: 'basic', inProgress: false, sent: true, answers: {} });
  });
});
