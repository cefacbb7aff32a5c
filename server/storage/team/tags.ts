// The team's tags and which responses carry them.
import { randomUUID } from 'node:crypto';
import { UUID, type Sql } from '../sql';

export interface Tag {
  id: string;
  name: string;
}

export interface TagStore {
  addTag(name: string): Promise<Tag>;
  listTags(): Promise<Tag[]>;
  /** Renames a tag; false when there is no such tag. */
  renameTag(id: string, name: string): Promise<boolean>;
  removeTag(id: string): Promise<void>;
  tag(feedbackId: string, tagId: string): Promise<void>;
  untag(feedbackId: string, tagId: string): Promise<void>;
  /** Tag ids of each of these responses. */
  tagsOf(feedbackIds: string[]): Promise<Map<string, string[]>>;
}

/** Tags over `sql`; which responses carry them is read with the heavy reads (`reads`). */
export function tagStore(sql: Sql, reads: Sql = sql): TagStore {
  return {
    async addTag(name) {
      const tag: Tag = { id: randomUUID(), name: name.trim() };
      await sql.run('INSERT INTO team_tag (id, name) VALUES (?, ?)', [tag.id, tag.name]);
      return tag;
    },
    async listTags() {
      return sql.all<Tag>('SELECT id, name FROM team_tag ORDER BY lower(name), name');
    },
    async renameTag(id, name) {
      return (await sql.run('UPDATE team_tag SET name = ? WHERE id = ?', [name.trim(), id])) === 1;
    },
    async removeTag(id) {
      await sql.run('DELETE FROM team_response_tag WHERE tag_id = ?', [id]);
      await sql.run('DELETE FROM team_tag WHERE id = ?', [id]);
    },
    async tag(feedbackId, tagId) {
      if (!UUID.test(feedbackId)) return;
      await sql.run(
        'INSERT INTO team_response_tag (feedback_id, tag_id) VALUES (?, ?) ON CONFLICT DO NOTHING',
        [feedbackId, tagId],
      );
    },
    async untag(feedbackId, tagId) {
      if (!UUID.test(feedbackId)) return;
      await sql.run('DELETE FROM team_response_tag WHERE feedback_id = ? AND tag_id = ?', [
        feedbackId,
        tagId,
      ]);
    },
    async tagsOf(feedbackIds) {
      const ids = feedbackIds.filter((id) => UUID.test(id));
      const result = new Map<string, string[]>(ids.map((id) => [id, []]));
      if (!ids.length) return result;
      // A read of up to an export page's ids: with the heavy reads.
      const rows = await reads.all<{ feedback_id: string; tag_id: string }>(
        `SELECT feedback_id, tag_id FROM team_response_tag WHERE feedback_id IN (${ids.map(() => '?').join(', ')})`,
        ids,
      );
      for (const r of rows) result.get(String(r.feedback_id))?.push(r.tag_id);
      return result;
    },
  };
}
