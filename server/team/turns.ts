// Team requests take turns: at most TEAM_CONCURRENCY (2) are worked on at once and the rest wait
// in order of arrival. A team page's rendering and an export's pages run on the thread that also
// answers respondents; twenty searches whose results came back together would otherwise render
// one after another while a respondent's page waited behind all of them.
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const TEAM_CONCURRENCY = Number(process.env.TEAM_CONCURRENCY ?? 2);

/** A queue that lets `max` holders through at once; `take` resolves to the holder's release. */
export function turns(max: number) {
  let busy = 0;
  const waiting: (() => void)[] = [];
  return async function take(): Promise<() => void> {
    if (busy < max) busy++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // The turn passes straight to the next in line, or is given back.
      const next = waiting.shift();
      if (next) next();
      else busy--;
    };
  };
}

/** Every request of `team` (an encapsulated plugin) waits for its turn, held until answered. */
export function takeTurns(team: FastifyInstance, max = TEAM_CONCURRENCY): void {
  const take = turns(max);
  const held = new WeakMap<FastifyRequest, () => void>();
  team.addHook('onRequest', async (request, reply) => {
    const release = await take();
    held.set(request, release);
    // Given back when the response ends or the connection closes, whichever comes first.
    reply.raw.once('close', release);
  });
  team.addHook('onResponse', async (request) => held.get(request)?.());
}
