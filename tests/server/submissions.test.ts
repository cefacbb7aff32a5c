// One function stores an accepted submission for both ways in, the feedback API and the sending
// page posted without JavaScript (server/submissions.ts): the engine's check, a run's key stored
// once, the submission cap, masking, and the draft consumed with the row. Nothing else in the
// server stores one, so the two ways in cannot differ.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { storeSubmission } from '../../server/submissions';
import { submissionCap } from '../../server/submissionCap';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { StoreWithTeam } from '../../server/storage/types';
import { inline, page, textField } from '../engine/fixtures';

const survey = inline([page('q1', [textField('comments')])]);
const KEY = 'k7Qv2mXc9Lp4Rt8Ws1Yz3A';
const now = new Date('2026-05-01T10:00:00Z');
let store: StoreWithTeam | undefined;
afterEach(async () => {
  await store?.close();
  store = undefined;
});

function target(max: number) {
  store = openSqliteStore(':memory:');
  return { store, cap: submissionCap(store.limits, max, () => now), clock: () => now };
}

const body = (comments: string) => ({ serviceName: 'inline-survey', comments });

describe('storing a sent submission', () => {
  it('refuses what the engine refuses, stores a run once, masks, and keeps to the cap', async () => {
    const to = target(2);
    const sent = { survey, lang: 'cy' as const };
    const refused = await storeSubmission(to, { ...sent, body: { serviceName: 'other' } });
    expect(refused.kind).toBe('invalid');
    expect(await store!.count()).toBe(0);

    const typed = 'Write to jane.doe@example.com please';
    const first = await storeSubmission(to, { ...sent, body: body(typed), key: KEY });
    expect(first.kind).toBe('stored');
    const [row] = await store!.list();
    expect(row!.lang).toBe('cy');
    expect(row!.answers.comments).not.toContain('jane.doe@example.com');
    expect(row!.answers.comments).toMatch(/^Write to .+ please$/);

    // The same run again: its first row, nothing added, the cap untouched.
    const again = await storeSubmission(to, { ...sent, body: body('Changed'), key: KEY });
    expect(again).toEqual({ kind: 'sent-before', id: (first as { id: string }).id });
    expect((await storeSubmission(to, { ...sent, body: body('Second') })).kind).toBe('stored');
    const over = await storeSubmission(to, { ...sent, body: body('Third') });
    expect(over.kind).toBe('busy');
    expect(await store!.count()).toBe(2);
  });

  it('consumes the draft it is sent from with the row, once', async () => {
    const to = target(10);
    const draft = await store!.drafts.create(survey.id, now);
    const sent = { survey, lang: 'en' as const, body: body('From a draft'), draft };
    expect((await storeSubmission(to, sent)).kind).toBe('stored');
    expect(await storeSubmission(to, sent)).toEqual({ kind: 'sent-before' });
    expect(await store!.count()).toBe(1);
    expect((await store!.drafts.read(draft))?.sent).toBe(true);
  });
});

/** The server's source files, as paths from the project's root. */
function serverFiles(dir = 'server'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(path);
    return /\.tsx?$/.test(entry.name) ? [relative('.', path)] : [];
  });
}

describe('one way to store a submission', () => {
  it('is the only place in the server that checks, masks, caps and saves one', () => {
    // What storing a submission does; each may appear only in server/submissions.ts (the stores
    // implement them in server/storage/; masking as typed is part of validateSubmission). The
    // metrics' wrappers (server/metrics-hooks.ts) are a cap and a store that count, not a way in.
    const steps = /\bvalidateSubmission\(|\.sendDraft\(|\bcap\.take\(|\bstore\.save\(/;
    const found = serverFiles()
      .filter((file) => !file.startsWith('server/storage/') && file !== 'server/submissions.ts')
      .filter((file) => file !== 'server/metrics-hooks.ts')
      .filter((file) => steps.test(readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });
});
