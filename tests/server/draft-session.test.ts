// The server's session store (server/nojs/session.ts): a draft read as the page step's session,
// and written back. Expectations follow the SPEC: a run is cleared after 60 idle minutes, a sent
// run says so, and one survey's run never writes into another survey's draft.
import { afterEach, describe, expect, it } from 'vitest';
import { NO_SESSION } from '../../engine';
import { draftSession } from '../../server/nojs/session';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 23, 9) + minutes * 60_000);
let store: StoreWithTeam | undefined;
afterEach(async () => {
  await store?.close();
  store = undefined;
});

describe('the draft as a session store', () => {
  it('reads a live draft as a run in progress, and an hour idle as no run', async () => {
    store = openSqliteStore(':memory:');
    const token = await store.drafts.create('basic', at(0));
    await store.drafts.save(token, { whyDidYouApply: 'Job' }, at(0));
    const live = draftSession(store.drafts, token, () => at(59));
    expect(await live.read()).toEqual({
      surveyName: 'basic',
      answers: { whyDidYouApply: 'Job' },
      inProgress: true,
      lastActivity: at(59).getTime(),
      sent: false,
    });
    expect(live.token()).toBe(token);
    const idle = draftSession(store.drafts, token, () => at(59 + 61));
    expect(await idle.read()).toEqual(NO_SESSION);
    expect(idle.token()).toBeNull();
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
    expect(await store.drafts.read(made!, at(2), 60 * 60_000)).toEqual({
      surveyId: 'basic',
      answers: { a: 'b' },
    });
    expect(await store.drafts.read(other, at(2), 60 * 60_000)).toEqual({
      surveyId: 'barring',
      answers: {},
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
