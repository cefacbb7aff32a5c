// A team server over the scope fixture survey (./fixtures/scope-survey.ts) with a few responses
// sent through the feedback API (so stored as any response is: masked), a theme of words, a
// theme of a phrase, a tag, an invitation, and a signed-in member of each role. Two worlds made
// with different hidden values are alike in everything a role may see.
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../../server/app';
import { openPostgresStore } from '../../server/storage/postgres';
import { openSqliteStore } from '../../server/storage/sqlite';
import type { Role } from '../../server/storage/team-types';
import type { StoreWithTeam } from '../../server/storage/types';
import type { OidcSettings } from '../../server/team/sso-config';
import { ownSchema } from '../server/postgres-schema';
import { fakeDist } from '../server/fixtures';
import { SCOPE_SURVEY, scopeSurveys } from './fixtures/scope-survey';
import { signedIn } from './helpers';

export const NOW = new Date('2026-03-10T09:00:00Z');
const KEY = 'scope-test-key-0123456789';

/** The respondent's contact details, as they typed them. */
export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

export const ALICE: Person = {
  firstName: 'Alice',
  lastName: 'Smith',
  email: 'alice.smith@example.com',
  phone: '07700 900123',
};

export const BOB: Person = {
  firstName: 'Robert',
  lastName: 'Jones',
  email: 'bob.jones@example.org',
  phone: '07800 800456',
};

/** What one world holds that differs from another's: who gave contact details, and what they
 *  typed in the free text (masked when stored). */
export interface Hidden {
  contact?: Person;
  typed: Person;
}

export interface World {
  app: FastifyInstance;
  store: StoreWithTeam;
  as: Record<Role, Awaited<ReturnType<typeof signedIn>>>;
  ids: Record<
    'person' | 'wordTheme' | 'phraseTheme' | 'tag' | 'invitation' | 'member' | 'note',
    string
  >;
}

/** Single sign-on settings whose provider is never reached (its routes are registered). */
const OIDC: OidcSettings = {
  issuer: 'http://127.0.0.1:9/',
  clientId: 'team',
  clientSecret: 'secret',
  redirectUri: 'http://localhost/team/sso/callback',
  postLogoutRedirectUri: 'http://localhost/team/sso/signed-out',
  scope: 'openid email',
  groupsClaim: 'groups',
  rules: [],
};

/** A store: in-memory SQLite, or PostgreSQL in its own schema when `postgres` names one. */
export async function openWorldStore(postgres?: string): Promise<StoreWithTeam> {
  if (!postgres) return openSqliteStore(':memory:');
  return openPostgresStore(await ownSchema(process.env.TEST_DATABASE_URL!, postgres));
}

export async function world(store: StoreWithTeam, hidden: Hidden): Promise<World> {
  let now = NOW;
  const app = await buildServer({
    surveys: scopeSurveys(),
    store,
    staticDir: fakeDist(),
    retentionMonths: false,
    rateLimit: false,
    submissionsPerMinute: false,
    apiKeys: [KEY],
    oidc: OIDC,
    clock: () => now,
  });
  const send = async (day: number, answers: Record<string, string>, lang: 'en' | 'cy') => {
    now = new Date(Date.UTC(2026, 2, day, 10));
    const response = await app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers: { 'content-type': 'application/json', 'x-api-key': KEY, 'content-language': lang },
      payload: JSON.stringify({ serviceName: 'scope-fixture-service', ...answers }),
    });
    if (response.statusCode !== 201) throw new Error(`not stored: ${response.body}`);
    return (JSON.parse(response.body) as { id: string }).id;
  };
  const { typed, contact } = hidden;
  await send(
    1,
    { howSatisfied: '5', reasons: 'Quick', howToImprove: 'It was slow at first' },
    'en',
  );
  const person = await send(
    3,
    {
      howSatisfied: '2',
      reasons: 'Told to, Another reason, my manager',
      howToImprove: `My name is ${typed.firstName} ${typed.lastName}, ring me on ${typed.phone} or write to ${typed.email}`,
      ...(contact ?? {}),
    },
    'en',
  );
  await send(5, { howSatisfied: '4', reasons: 'Quick, Told to', howToImprove: 'Araf iawn' }, 'cy');
  now = NOW;
  const wordTheme = await store.team.addTheme({
    name: 'Slow',
    terms: { en: ['slow', 'ring'], cy: ['araf'] },
  });
  const phraseTheme = await store.team.addTheme({
    name: 'Writing',
    terms: { en: ['write to'], cy: [] },
  });
  const tag = await store.team.addTag('Follow up');
  await store.team.tag(person, tag.id);
  const note = await store.team.addNote(
    { day: NOW.toISOString().slice(0, 10), text: 'Launch' },
    NOW,
  );
  const invitation = 'a'.repeat(64);
  await store.team.addInvitation({
    tokenHash: invitation,
    email: 'new@example.gov.uk',
    role: 'viewer',
    expires: new Date(NOW.getTime() + 86_400_000),
  });
  const as = {
    viewer: await signedIn(app, store, 'viewer', NOW),
    analyst: await signedIn(app, store, 'analyst', NOW),
    admin: await signedIn(app, store, 'admin', NOW),
  };
  return {
    app,
    store,
    as,
    ids: {
      person,
      wordTheme: wordTheme!.id,
      phraseTheme: phraseTheme!.id,
      tag: tag.id,
      invitation,
      member: as.viewer.member.id,
      note: note.id,
    },
  };
}

export { SCOPE_SURVEY };
