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
}

export interface AuditStore {
  audit(entry: AuditEntry): Promise<void>;
  /** Newest first. */
  auditLog(options: { limit: number; offset: number }): Promise<AuditEntry[]>;
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
    async auditLog({ limit, offset }) {
      const rows = await sql.all<{
        member_id: string | null;
        action: string;
        at: string;
        target: string | null;
        actor: string | null;
      }>('SELECT * FROM team_audit ORDER BY at DESC LIMIT ? OFFSET ?', [limit, offset]);
      return rows.map((r): AuditEntry => ({
        memberId: r.member_id,
        action: r.action,
        at: new Date(r.at),
        target: r.target,
        actor: r.actor ?? undefined,
      }));
    },
    async purgeAudit(cutoff) {
      return sql.run('DELETE FROM team_audit WHERE at < ?', [cutoff.toISOString()]);
    },
  };
}
