// Signing in returns the member to the team page they asked for, with its filters and language;
// the address to return to can only be one of the team's own pages.
import { describe, expect, it } from 'vitest';
import { nextAfterSignIn } from '../../server/team/session';
import { teamServer } from './helpers';

const now = new Date('2026-03-10T09:00:00Z');
const server = teamServer(now);

describe('sign-in keeps the page asked for', () => {
  it('sends a signed-out member to sign-in with the page and its filters, in its language', async () => {
    const { app } = await server.start();
    const asked = '/team/responses?survey=fixture-pages&respondentLang=cy&page=2';
    const en = await app.inject(asked);
    expect(en.statusCode).toBe(303);
    expect(en.headers.location).toBe(`/team/sign-in?next=${encodeURIComponent(asked)}`);
    const cy = await app.inject(`${asked}&lang=cy`);
    expect(cy.headers.location).toBe(`/team/sign-in?next=${encodeURIComponent(asked)}&lang=cy`);
    // The overview is where a sign-in goes anyway.
    expect((await app.inject('/team?lang=cy')).headers.location).toBe('/team/sign-in?lang=cy');
    // A form sent after the session ended is not replayed.
    const post = await app.inject({ method: 'POST', url: '/team/tags', payload: {} });
    expect(post.headers.location).toBe('/team/sign-in');
  });

  it.each([
    ['/team/questions/s/f?from=2026-01-01&lang=cy', '/team/questions/s/f?from=2026-01-01'],
    ['/team', '/team'],
    ['//evil.example/team', undefined],
    ['https://evil.example/team', undefined],
    ['/\\evil.example/team', undefined],
    ['/team/../admin', undefined],
    ['/teams', undefined],
    ['/team/sign-in?next=/team', undefined],
    ['/team/enrol?token=x', undefined],
    ['/team/sso/start', undefined],
    ['/en/basic', undefined],
    ['team', undefined],
    [42, undefined],
  ])('takes %j as %j', (given, expected) => {
    expect(nextAfterSignIn(given)).toBe(expected);
  });
});
