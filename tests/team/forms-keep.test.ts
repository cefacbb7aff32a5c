// A figure page's GET forms carry every parameter the page understands: applying a filter (or a
// search, or another pair of crosstab questions) as the form stands asks for the same page, so no
// filter, chosen period or question is dropped on the way (issue 35: `period=month` was dropped
// by the overview's form; a tag, contact details and a search by every filter form).
import { describe, expect, it } from 'vitest';
import { crosstabWorld } from './crosstab-world';

/** The attributes of one tag's text (`name="x" value="y"`), entities read back. */
function attributes(tag: string): Record<string, string> {
  const decode = (v: string) =>
    v
      .replace(/&quot;/g, '"')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  return Object.fromEntries(
    [...tag.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map((m) => [m[1]!, decode(m[2] ?? '')]),
  );
}

/** What each GET form on a page sends as it stands: [name, value] pairs, empty values left out. */
function formsAsSent(html: string): [string, string][][] {
  return [...html.matchAll(/<form([^>]*)>([\s\S]*?)<\/form>/g)]
    .filter(([, open]) => /method="get"/.test(open!))
    .map(([, , body]) => {
      const sent: [string, string][] = [];
      for (const [, tag] of body!.matchAll(/<input([^>]*)>/g)) {
        const a = attributes(tag!);
        if (!a.name || ['submit', 'button'].includes(a.type ?? '')) continue;
        if (['checkbox', 'radio'].includes(a.type ?? '') && !('checked' in a)) continue;
        sent.push([a.name, a.value ?? '']);
      }
      for (const [, open, options] of body!.matchAll(/<select([^>]*)>([\s\S]*?)<\/select>/g)) {
        const chosen = [...options!.matchAll(/<option([^>]*)>/g)]
          .map(([, tag]) => attributes(tag!))
          .find((a) => 'selected' in a);
        sent.push([attributes(open!).name!, chosen?.value ?? '']);
      }
      return sent.filter(([, value]) => value !== '');
    });
}

const pairs = (query: string) => [...new URLSearchParams(query)].map(([k, v]) => `${k}=${v}`);

describe('the figure pages’ forms', () => {
  const made = crosstabWorld([
    { survey: 'xtab-one', day: 2, lang: 'en', answers: { howSatisfied: '5', channel: 'Phone' } },
  ]);

  it('carry every parameter of the page, in English and Welsh', async () => {
    const { analyst, store } = await made;
    const tag = await store.team.addTag('Follow up');
    const filters = [
      'from=2026-03-01',
      'to=2026-03-19',
      'respondentLang=en',
      'answer=channel:Phone',
      'answer=reasons:Quick',
      'contact=yes',
      `tag=${tag.id}`,
      'q=slow',
    ].join('&');
    const one = `survey=xtab-one&${filters}`;
    const pages = [
      `/team?${one}&period=month`,
      `/team/questions/xtab-one/channel?${filters}`,
      `/team/questions/xtab-one/howToImprove?${filters}`,
      `/team/compare?${one}&beforeFrom=2026-02-01&beforeTo=2026-02-10`,
      `/team/crosstab?${one}&score=howSatisfied&by=channel`,
      `/team/pooled?question=howSatisfied&scale=satisfaction&${filters}`,
      `/team/words?${one}`,
    ];
    const dropped: string[] = [];
    for (const page of pages)
      for (const lang of ['', '&lang=cy']) {
        const url = `${page}${lang}`;
        const res = await analyst.get(url);
        expect(res.status, url).toBe(200);
        const forms = formsAsSent(res.body);
        expect(forms.length, url).toBeGreaterThan(0);
        const asked = pairs(url.split('?')[1]!);
        for (const sent of forms) {
          const as = sent.map(([k, v]) => `${k}=${v}`);
          for (const p of asked) if (!as.includes(p)) dropped.push(`${url}: ${p}`);
        }
      }
    expect(dropped).toEqual([]);
  });

  it('show a tag, contact details and a search as filters that can be taken off', async () => {
    const { analyst, store } = await made;
    const tag = await store.team.addTag('Ring back');
    const res = await analyst.get(`/team?survey=xtab-one&contact=yes&tag=${tag.id}&q=slow`);
    expect(res.status).toBe(200);
    const tags = [...res.body.matchAll(/govuk-tag--blue" href="([^"]*)">([^<]*)/g)].map((m) => [
      m[2],
      m[1]!.replace(/&amp;/g, '&'),
    ]);
    expect(tags).toEqual([
      ['Crosstab one', `/team?contact=yes&tag=${tag.id}&q=slow`],
      ['Wants to be contacted', `/team?survey=xtab-one&tag=${tag.id}&q=slow`],
      ['Tagged “Ring back”', '/team?survey=xtab-one&contact=yes&q=slow'],
      ['Holding “slow”', `/team?survey=xtab-one&contact=yes&tag=${tag.id}`],
    ]);
  });
});
