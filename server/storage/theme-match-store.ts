// One instance's side of the themes' matches (./theme-match-sql.ts): the themes it matches new
// responses with (read again after its own changes, and every few seconds for another
// instance's), and the catch-up, one at a time, at once when few responses wait for it.
import type { Sql } from './sql';
import type { ThemeStore } from './team/themes';
import {
  catchUpThemes,
  CATCH_UP_NOW,
  currentThemes,
  matchedUpTo,
  waiting,
  type MatchedTheme,
  type ThemeSource,
} from './theme-match-sql';
import type { NewFeedback } from './record';

/** How old the themes a new response is matched with may be (another instance's changes). */
const FRESH_MS = 5_000;

export function themeMatching(sql: Sql) {
  let source: ThemeSource | undefined;
  let known: { gen: number; themes: MatchedTheme[]; at: number } | undefined;
  let loading: Promise<void> | undefined;
  let running: Promise<void> | undefined;

  const load = () =>
    (loading ??= currentThemes(sql)
      .then((current) => {
        known = { ...current, at: Date.now() };
      })
      .finally(() => (loading = undefined)));

  /** The catch-up, one at a time on this instance; a failure is tried again at the next read. */
  const catchUp = () =>
    (running ??= (async () => {
      try {
        if (source) await catchUpThemes(sql, source);
      } finally {
        running = undefined;
      }
    })());

  return {
    async keep(given: ThemeSource) {
      source = given;
      await load();
      await catchUp();
    },
    themesOf(record: NewFeedback) {
      if (!source || !known || record.test) return { gen: 0, ids: [] };
      if (Date.now() - known.at > FRESH_MS) load().catch(() => undefined);
      return { gen: known.gen, ids: source.matches(record, known.themes) };
    },
    async ready(): Promise<(themeId: string) => boolean> {
      const { themes } = await currentThemes(sql);
      const newest = Math.max(0, ...themes.map((t) => t.rev));
      const lag = source ? await waiting(sql, newest, CATCH_UP_NOW) : 0;
      // A failed catch-up leaves the themes it did not reach uncounted (said on the page); it
      // is tried again at the next read.
      if (lag > CATCH_UP_NOW) catchUp().catch(() => undefined);
      else if (lag > 0) await catchUp().catch(() => undefined);
      const low = await matchedUpTo(sql);
      const revs = new Map(themes.map((t) => [t.id, t.rev]));
      return (id) => (revs.get(id) ?? Infinity) <= low;
    },
    /** The theme store, with this instance's themes read again after each change. */
    refreshing(store: ThemeStore): ThemeStore {
      const after =
        <A extends unknown[], R>(change: (...args: A) => Promise<R>) =>
        async (...args: A) => {
          const result = await change(...args);
          // Not a reading that began before the change.
          await loading?.catch(() => undefined);
          await load();
          return result;
        };
      return {
        ...store,
        addTheme: after(store.addTheme),
        updateTheme: after(store.updateTheme),
        removeTheme: after(store.removeTheme),
      };
    },
  };
}
