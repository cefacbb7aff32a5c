// The team's themes: a name and words or phrases in English and in Welsh (JSON lists).
import { randomUUID } from 'node:crypto';
import type { Sql } from '../sql';

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
      const added = await sql.run(
        'INSERT INTO team_theme (id, name, terms_en, terms_cy) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
        [id, t.name, JSON.stringify(t.terms.en), JSON.stringify(t.terms.cy)],
      );
      return added ? { ...t, id } : undefined;
    },
    async updateTheme(t) {
      const others = await sql.all<{ id: string }>(
        'SELECT id FROM team_theme WHERE name = ? AND id <> ?',
        [t.name, t.id],
      );
      if (others.length) return false;
      const changed = await sql.run(
        'UPDATE team_theme SET name = ?, terms_en = ?, terms_cy = ? WHERE id = ?',
        [t.name, JSON.stringify(t.terms.en), JSON.stringify(t.terms.cy), t.id],
      );
      return changed === 1;
    },
    async removeTheme(id) {
      return (await sql.run('DELETE FROM team_theme WHERE id = ?', [id])) === 1;
    },
  };
}
