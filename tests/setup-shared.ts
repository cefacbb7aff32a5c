// Each worker runs its files one after another in a shared module cache (`isolate: false` in
// vitest.config.ts: their imports cost more than most of their tests). What a file
// changes in the process goes back when it ends, so no file sees another's: the environment
// variables, stubbed globals and fake timers.
import { afterAll, vi } from 'vitest';

const env = { ...process.env };

afterAll(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  for (const name of Object.keys(process.env)) if (!(name in env)) delete process.env[name];
  Object.assign(process.env, env);
});
