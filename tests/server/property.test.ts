// Whatever arrives, the API answers without a 5xx, stores only what the engine accepted,
// and what it stores holds only allowed characters.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { WELSH_LETTERS, allFields } from '../../engine/index';
import { validateSubmission } from '../../engine/receive';
import { WITHHELD } from '../../engine/sanitise';
import { API_KEY, fixtureSurveys, pagesDefinition, singleDefinition, testServer } from './fixtures';
import type { FeedbackStore } from '../../server/storage/types';

const RUNS = 2000;
const TIMEOUT = 60_000;
let app: FastifyInstance;
let store: FeedbackStore;

// Totals over every property, reported at the end (the closing note of issue 11 quotes them).
const tally = { sent: 0, serverErrors: 0, stored: 0, refused: 0 };

beforeAll(async () => {
  ({ app, store } = await testServer());
});
afterAll(async () => {
  await app.close();
  await store.close();
  console.log(
    `property tests: ${tally.sent} bodies sent, ${tally.serverErrors} answered 5xx, ${tally.refused} refused and none of them stored, ${tally.stored} accepted and stored`,
  );
});

const surveys = [...fixtureSurveys().values()];
const fieldNames = [...new Set(surveys.flatMap((s) => allFields(s).map((f) => f.name)))];
const serviceNames = [pagesDefinition.serviceName, singleDefinition.serviceName];
// A 400 may name only these; anything else the client sent is only counted.
const definedNames = new Set(['', 'serviceName', ...fieldNames]);

const nastyKey = fc.oneof(
  fc.constantFrom(
    ...fieldNames,
    'serviceName',
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    '',
  ),
  fc.string({ maxLength: 20 }),
);
const nastyString = fc.oneof(
  fc.string({ maxLength: 50 }),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.constantFrom(
    '<script>alert(1)</script>',
    '<b>bold</b>',
    '"; DROP TABLE feedback; --',
    '\u0000',
    '\u202e',
    'e\u0301',
    '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
    '5',
    'Yes',
    ' 4 ',
  ),
  fc.nat({ max: 40_000 }).map((n) => 'x'.repeat(n)),
);
const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.object({ maxDepth: 1 }),
);

/** JSON text from entries, so keys like __proto__ and duplicates reach the parser as sent. */
const objectText = (entries: [string, unknown][]) =>
  `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(',')}}`;

async function send(payload: string, contentType = 'application/json') {
  const before = await store.count();
  const response = await app.inject({
    method: 'POST',
    url: '/api/feedback',
    headers: { 'content-type': contentType, 'x-api-key': API_KEY },
    payload,
  });
  const after = await store.count();
  tally.sent++;
  if (response.statusCode >= 500) tally.serverErrors++;
  if (response.statusCode === 201) tally.stored++;
  else if (after === before) tally.refused++;
  expect(response.statusCode).toBeLessThan(500);
  expect(after - before).toBe(response.statusCode === 201 ? 1 : 0);
  if (response.statusCode === 400 && response.body.startsWith('{"errors"')) {
    const { errors } = response.json<{ errors: { field: string }[] }>();
    for (const { field } of errors) expect(definedNames).toContain(field);
  }
  if (response.statusCode === 201) {
    const { id } = response.json<{ id: string }>();
    expect(await store.has(id)).toBe(true);
  }
  return response;
}

describe('feedback API under arbitrary input', () => {
  it(
    'never fails on arbitrary JSON values',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.jsonValue(), async (value) => {
          const response = await send(JSON.stringify(value) ?? 'null');
          expect(response.statusCode).toBe(400);
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    'refuses objects with a known survey but a value of the wrong type, and stores nothing',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...serviceNames),
          fc.array(fc.tuple(nastyKey, nastyString), { maxLength: 6 }),
          nastyKey.filter((key) => key !== 'serviceName'),
          wrongType,
          async (serviceName, entries, badKey, badValue) => {
            const response = await send(
              objectText([...entries, [badKey, badValue], ['serviceName', serviceName]]),
            );
            expect([400, 413]).toContain(response.statusCode);
          },
        ),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    'stores only engine-accepted, sanitised answers from arbitrary strings in known fields',
    async () => {
      // Welsh vowels with their marks are kept on purpose (DESIGN.md 'Engine rules'); every
      // other accented letter is folded, so it must never reach the store.
      // Text that looks like personal data (a postcode such as "A00aA") is stored withheld.
      const allowedChars = `[0-9a-zA-Z${WELSH_LETTERS}.?!, '\\-@#$%&*+/=^_\`{|}~]`;
      const allowed = new RegExp(`^(?:${allowedChars}|${WITHHELD.replace(/[[\]]/g, '\\$&')})*$`);
      // A valid base for each survey, then arbitrary strings in (mostly) known fields on top.
      const bases: [string, string][][] = [
        [
          ['howSatisfied', '4'],
          ['serviceName', pagesDefinition.serviceName],
        ],
        [
          ['howEasy', '2'],
          ['serviceName', singleDefinition.serviceName],
        ],
      ];
      const knownKey = fc.oneof(
        { weight: 5, arbitrary: fc.constantFrom(...fieldNames) },
        { weight: 1, arbitrary: nastyKey },
      );
      let accepted = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...bases),
          fc.array(fc.tuple(knownKey, nastyString), { maxLength: 3 }),
          async (base, entries) => {
            const response = await send(objectText([...base, ...entries]));
            if (response.statusCode !== 201) return;
            accepted++;
            const record = (await store.list()).find(
              (r) => r.id === response.json<{ id: string }>().id,
            )!;
            const survey = surveys.find((s) => s.serviceName === record.answers.serviceName)!;
            expect(validateSubmission(survey, record.answers).ok).toBe(true);
            for (const value of Object.values(record.answers)) expect(value).toMatch(allowed);
          },
        ),
        // Always tried: a Welsh letter that must be kept next to accents that must be folded.
        {
          numRuns: RUNS,
          examples: [
            [bases[0]!, [['howToImprove', 'ÀÀ ŵyr, ñandú Łódź']]],
            // Found by a run (seed -823655457): a postcode's shape, stored withheld.
            [bases[0]!, [['howToImprove', 'A00aA']]],
          ],
        },
      );
      // The example above was stored with its Welsh vowels whole (ú and ó are Welsh too) and ñ, Ł, ź folded.
      const example = (await store.list()).find((r) => r.answers.howToImprove?.startsWith('ÀÀ'));
      expect(example?.answers.howToImprove).toBe('ÀÀ ŵyr, nandú Lódz');
      // The property must reach the store often, or it proves nothing about what is stored.
      expect(accepted).toBeGreaterThan(RUNS / 20);
    },
    TIMEOUT,
  );

  it(
    'never fails on malformed text or other content types',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(fc.string({ maxLength: 200 }), fc.string({ unit: 'binary', maxLength: 200 })),
          fc.constantFrom(
            'application/json',
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/json; charset=latin1',
            'application/jsonp',
            '',
          ),
          async (payload, contentType) => {
            const response = await send(payload, contentType);
            expect(response.statusCode).not.toBe(201);
          },
        ),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );
});
