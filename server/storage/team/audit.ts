// The audit log: who did what, when, to which record. Never feedback content.
import type { Sql } from '../sql';

/** Who did what, when, to which record. Never feedback content. */
export interface AuditEntry {
  memberId: string | null;
  action: string;
  at: Date;
  target: string | null;
  /** The member's email address when it was done (they may since have been removed). */
  actor?: string;
  /** How many times it happened, when the entry counts them (from the first time, `at`). */
  times?: number;
}

export interface AuditStore {
  audit(entry: AuditEntry): Promise<void>;
  /**
   * Counts the event in the entry kept under `key` (made at the first time, then one more each
   * time), so that something anyone can repeat adds one row a key, however often it is done.
   */
  countAudit(entry: AuditEntry, key: string): Promise<void>;
  /** Newest first. */
  auditLog(options: { limit: number; offset: number }): Promise<AuditEntry[]>;
  /** How many entries there are. */
  auditCount(): Promise<number>;
  purgeAudit(cutoff: Date): Promise<number>;
}

export function auditStore(sql: Sql): AuditStore {
  return {
    async audit(e) {
      await sql.run(
        'INSERT INTO team_audit (member_id, action, at, target, actor) VALUES (?, ?, ?, ?, ?)',
        [e.memberId, e.action, e.at.toISOString(), e.target, e.actor ?? null],
      );
    },
    async countAudit(e, key) {
      await sql.run(
        `INSERT INTO team_audit (member_id, action, at, target, actor, times, count_key)
         VALUES (?, ?, ?, ?, ?, 1, ?)
         ON CONFLICT (count_key) DO UPDATE SET times = team_audit.times + 1`,
        [e.memberId, e.action, e.at.toISOString(), e.target, e.actor ?? null, key],
      );
    },
    async auditLog({ limit, offset }) {
      const rows = await sql.all<{
        member_id: string | null;
        action: string;
        at: string;
        target: string | null;
        actor: string | null;
        times: number | string;
      }>(
        // Entries of one moment newest first too, so a page reads the same each time.
        `SELECT * FROM team_audit ORDER BY at DESC, ${sql.dialect === 'sqlite' ? 'rowid' : 'seq'} DESC LIMIT ? OFFSET ?`,
        [limit, offset],
      );
      return rows.map((r): AuditEntry => ({
        memberId: r.member_id,
        action: r.action,
        at: new Date(r.at),
        target: r.target,
        actor: r.actor ?? undefined,
        ...(Number(r.times) > 1 ? { times: Number(r.times) } : {}),
      }));
    },
    async auditCount() {
      const [r] = await sql.all<{ n: number | string }>('SELECT COUNT(*) AS n FROM team_audit');
      return Number(r?.n ?? 0);
    },
    async purgeAudit(cutoff) {
      return sql.run('DELETE FROM team_audit WHERE at < ?', [cutoff.toISOString()]);
    },
  };
}
