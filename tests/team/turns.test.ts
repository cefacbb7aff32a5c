// Team requests take turns (server/team/turns.ts): at most `max` at once, the rest in order.
import { describe, expect, it } from 'vitest';
import { turns } from '../../server/team/turns';

describe('turns', () => {
  it('lets two through, then each waiting one in order as a turn is given back, once per holder', async () => {
    const take = turns(2);
    const events: string[] = [];
    const holders = ['a', 'b', 'c', 'd'].map((name) =>
      take().then((release) => {
        events.push(name);
        return release;
      }),
    );
    const [a, b] = await Promise.all(holders.slice(0, 2));
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(['a', 'b']);
    // Given back twice: the second time passes nothing on.
    a!();
    a!();
    await holders[2];
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(['a', 'b', 'c']);
    b!();
    await holders[3];
    expect(events).toEqual(['a', 'b', 'c', 'd']);
  });
});
