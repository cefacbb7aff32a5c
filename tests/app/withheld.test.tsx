// The app withholds personal data typed into free text before it cleans and sends it: the
// address keeps its '@' and the number its dashes until they are found, so what reaches the
// feedback API is the mask, not "josmithexampleco.uk". The one-page survey among the
// surveys the tests run on is found by its layout, not named.
import { readdirSync } from 'node:fs';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isFreeText, typeOf, type ResolvedSurvey } from '../../engine';
import { definitionsDir } from '../../engine/check/folders';
import { clock } from '../../src/clock';
import { loadSurvey } from '../../src/definitions';
import { MASK } from '../../server/team/privacy';
import { renderApp, resetStore } from './helpers';

beforeEach(() => {
  resetStore();
  clock.now = () => Date.now();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function onePageSurvey(): Promise<ResolvedSurvey> {
  for (const file of readdirSync(definitionsDir()).filter((name) => name.endsWith('.json'))) {
    const survey = await loadSurvey(file.replace(/\.json$/, ''));
    if (survey?.layout === 'single' && survey.pages[0]!.fields.some(isFreeText)) return survey;
  }
  throw new Error('no one-page survey with free text among the definitions');
}

const TYPED = 'Email jo_smith@example.co.uk or ring 07700-900-123';

it('sends the mask in place of an address and a number typed into free text', async () => {
  const fetchMock = vi.fn(async () => new Response(null, { status: 201 }));
  vi.stubGlobal('fetch', fetchMock);
  const survey = await onePageSurvey();
  const user = userEvent.setup();
  renderApp(`/en/${survey.id}`);
  const fields = survey.pages[0]!.fields;
  await waitFor(() => expect(document.querySelector('form')).not.toBeNull());
  const text = fields.find(isFreeText)!;
  for (const field of fields) {
    if (field === text) continue;
    for (const entry of typeOf(field).entry(field, typeOf(field).example(field, {})))
      if (entry.control !== 'text')
        for (const value of entry.values)
          await user.click(
            document.querySelector<HTMLInputElement>(
              `input[name="${entry.name}"][value="${value}"]`,
            )!,
          );
  }
  await user.type(document.getElementById(text.name)!, TYPED);
  await user.click(document.querySelector<HTMLButtonElement>('form button[type="submit"]')!);
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
  const sent = (JSON.parse(init.body as string) as Record<string, string>)[text.name];
  expect(sent).toBe(`Email ${MASK} or ring ${MASK}`);
});
