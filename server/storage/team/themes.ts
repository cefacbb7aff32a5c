// The team's themes: a name and words or phrases in English and in Welsh (JSON lists). A new
// theme, and a change of a theme's terms, takes a new revision (../theme-match-sql.ts), so its
// matches are worked out again; a deleted theme's matches go with it.
import { randomUUID } from 'node:crypto';
import type { Sql } from '../sql';
import { deleteMatches } from '../theme-match-sql';

/** A theme: a name and words or phrases in each language, matched over free-text answers. */
export interface Theme {
  id: string;
  name: string;
  terms: { en: string[]; cy: string[] };
}

export interface ThemeStore {
  /** Themes by name. */
  listThemes(): Promise<Theme[]>;
  /** The theme with its new id; undefined when another has that name. */
  addTheme(theme: Omit<Theme, 'id'>): Promise<Theme | undefined>;
  /** False when the theme is gone or another has that name. */
  updateTheme(theme: Theme): Promise<boolean>;
  removeTheme(id: string): Promise<boolean>;
  /** Each theme's revision (the matches' upkeep: ../theme-match-sql.ts). */
  themeRevisions(): Promise<Map<string, number>>;
}

interface ThemeRow {
  id: string;
  name: string;
  terms_en: string;
  terms_cy: string;
}

const theme = (r: ThemeRow): Theme => ({
  id: r.id,
  name: r.name,
  terms: { en: JSON.parse(r.terms_en) as string[], cy: JSON.parse(r.terms_cy) as string[] },
});

/** Takes the counter's next value (a theme's revision), in the transaction that changes it. */
const NEXT_GEN = 'UPDATE team_theme_gen SET gen = gen + 1';

export function themeStore(sql: Sql): ThemeStore {
  return {
    async listThemes() {
      const rows = await sql.all<ThemeRow>(
        'SELECT id, name, terms_en, terms_cy FROM team_theme ORDER BY lower(name), name',
      );
      return rows.map(theme);
    },
    async addTheme(t) {
      const id = randomUUID();
      if ((await sql.all('SELECT id FROM team_theme WHERE name = ?', [t.name])).length)
        return undefined;
      await sql.transaction([
        { text: NEXT_GEN },
        {
          text: `INSERT INTO team_theme (id, name, terms_en, terms_cy, rev)
                 VALUES (?, ?, ?, ?, (SELECT gen FROM team_theme_gen)) ON CONFLICT DO NOTHING`,
          params: [id, t.name, JSON.stringify(t.terms.en), JSON.stringify(t.terms.cy)],
        },
      ]);
      const [added] = await sql.all('SELECT id FROM team_theme WHERE id = ?', [id]);
      return added ? { ...t, id } : undefined;
    },
    async updateTheme(t) {
      const others = await sql.all<{ id: string }>(
        'SELECT id FROM team_theme WHERE name = ? AND id <> ?',
        [t.name, t.id],
      );
      if (others.length) return false;
      const [was] = await sql.all<ThemeRow>(
        'SELECT id, name, terms_en, terms_cy FROM team_theme WHERE id = ?',
        [t.id],
      );
      if (!was) return false;
      const terms = [JSON.stringify(t.terms.en), JSON.stringify(t.terms.cy)];
      const renamed = {
        text: 'UPDATE team_theme SET name = ?, terms_en = ?, terms_cy = ? WHERE id = ?',
        params: [t.name, ...terms, t.id],
      };
      // New terms: a new revision, so its matches are worked out again.
      const sameTerms = was.terms_en === terms[0] && was.terms_cy === terms[1];
      await sql.transaction(
        sameTerms
          ? [renamed]
          : [
              { text: NEXT_GEN },
              renamed,
              {
                text: 'UPDATE team_theme SET rev = (SELECT gen FROM team_theme_gen) WHERE id = ?',
                params: [t.id],
              },
            ],
      );
      return (await sql.all('SELECT id FROM team_theme WHERE id = ?', [t.id])).length === 1;
    },
    async removeTheme(id) {
      if (!(await sql.all('SELECT id FROM team_theme WHERE id = ?', [id])).length) return false;
      await sql.transaction([
        { text: deleteMatches, params: [id] },
        { text: 'DELETE FROM team_theme WHERE id = ?', params: [id] },
      ]);
      return true;
    },
    async themeRevisions() {
      const rows = await sql.all<{ id: string; rev: number | string }>(
        'SELECT id, rev FROM team_theme',
      );
      return new Map(rows.map((r) => [r.id, Number(r.rev)]));
    },
  };
}
