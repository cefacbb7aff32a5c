// A theme's page marks answers given in the other language with their own `lang`, as the
// response, list and question pages do (issue 24, item 9).
import { describe, expect, it } from 'vitest';
import { signedIn, teamServer } from './helpers';

const now = new Date('2026-03-10T09:00:00Z');
const server = teamServer(now);

describe('a theme’s answers', () => {
  it('carry lang when they are in the other language', async () => {
    const { app, store } = await server.start();
    const save = (howToImprove: string, lang: 'en' | 'cy') =>
      store.save({
        surveyId: 'fixture-pages',
        definitionHash: 'h',
        receivedAt: new Date('2026-03-09T10:00:00Z'),
        answers: { howSatisfied: '2', howToImprove },
        lang,
      });
    await save('The form was slow', 'en');
    await save('Roedd y ffurflen yn araf', 'cy');
    const theme = await store.team.addTheme({
      name: 'Speed',
      terms: { en: ['slow'], cy: ['araf'] },
    });
    const viewer = await signedIn(app, store, 'viewer', now);
    const answer = (body: string, text: string) =>
      new RegExp(`<p[^>]*>${text}</p>`).exec(body)?.[0];
    const en = (await viewer.get(`/team/themes/${theme!.id}`)).body;
    expect(answer(en, 'Roedd y ffurflen yn araf')).toContain('lang="cy"');
    expect(answer(en, 'The form was slow')).not.toContain('lang=');
    const cy = (await viewer.get(`/team/themes/${theme!.id}?lang=cy`)).body;
    expect(answer(cy, 'The form was slow')).toContain('lang="en"');
    expect(answer(cy, 'Roedd y ffurflen yn araf')).not.toContain('lang=');
  });
});
