// Team members, their passkeys and the invitations that enrol them.
import { randomUUID } from 'node:crypto';
import type { Sql } from '../sql';

export type Role = 'viewer' | 'analyst' | 'admin';

export interface Member {
  id: string;
  email: string;
  role: Role;
  created: Date;
}

/** A WebAuthn credential (passkey) registered by a member. */
export interface Credential {
  /** The credential id, base64url. */
  id: string;
  memberId: string;
  /** COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: string[];
}

/** A one-time enrolment link; only the sha-256 of its token is kept. */
export interface Invitation {
  tokenHash: string;
  email: string;
  role: Role;
  expires: Date;
  used: boolean;
}

export interface MemberStore {
  addMember(email: string, role: Role, now: Date): Promise<Member>;
  getMember(id: string): Promise<Member | undefined>;
  memberByEmail(email: string): Promise<Member | undefined>;
  listMembers(): Promise<Member[]>;
  setRole(memberId: string, role: Role): Promise<void>;
  /** Removes the member with their passkeys and sessions, so they are signed out at once. */
  removeMember(memberId: string): Promise<void>;

  addCredential(credential: Credential): Promise<void>;
  credential(id: string): Promise<Credential | undefined>;
  credentialsOf(memberId: string): Promise<Credential[]>;
  setCounter(id: string, counter: number): Promise<void>;

  addInvitation(invitation: Omit<Invitation, 'used'>): Promise<void>;
  invitation(tokenHash: string): Promise<Invitation | undefined>;
  /** Marks an unused, unexpired invitation used; false when it was not (so it works only once). */
  useInvitation(tokenHash: string, now: Date): Promise<boolean>;
  /** Invitations not used and not expired, soonest to expire first. */
  pendingInvitations(now: Date): Promise<Invitation[]>;
  /** Deletes an unused invitation; false when there was none. */
  withdrawInvitation(tokenHash: string): Promise<boolean>;
  /** Deletes every unused invitation for this email address; resolves to how many. */
  cancelInvitations(email: string): Promise<number>;
}

interface MemberRow {
  id: string;
  email: string;
  role: Role;
  created: string;
}

const member = (r: MemberRow): Member => ({
  id: r.id,
  email: r.email,
  role: r.role,
  created: new Date(r.created),
});

interface CredentialRow {
  id: string;
  member_id: string;
  public_key: string;
  counter: number | string;
  transports: string;
}

const credential = (r: CredentialRow): Credential => ({
  id: r.id,
  memberId: r.member_id,
  publicKey: r.public_key,
  counter: Number(r.counter),
  transports: JSON.parse(r.transports) as string[],
});

interface InvitationRow {
  token_hash: string;
  email: string;
  role: Role;
  expires: string;
  used: number;
}

const invitation = (r: InvitationRow): Invitation => ({
  tokenHash: r.token_hash,
  email: r.email,
  role: r.role,
  expires: new Date(r.expires),
  used: Number(r.used) === 1,
});

export function memberStore(sql: Sql): MemberStore {
  const one = async <T>(query: string, params: unknown[]) => (await sql.all<T>(query, params))[0];
  return {
    async addMember(email, role, now) {
      const m = { id: randomUUID(), email: email.toLowerCase(), role, created: now };
      await sql.run('INSERT INTO team_member (id, email, role, created) VALUES (?, ?, ?, ?)', [
        m.id,
        m.email,
        role,
        now.toISOString(),
      ]);
      return m;
    },
    async getMember(id) {
      const r = await one<MemberRow>('SELECT * FROM team_member WHERE id = ?', [id]);
      return r && member(r);
    },
    async memberByEmail(email) {
      const r = await one<MemberRow>('SELECT * FROM team_member WHERE email = ?', [
        email.toLowerCase(),
      ]);
      return r && member(r);
    },
    async listMembers() {
      return (await sql.all<MemberRow>('SELECT * FROM team_member ORDER BY email')).map(member);
    },
    async setRole(memberId, role) {
      await sql.run('UPDATE team_member SET role = ? WHERE id = ?', [role, memberId]);
    },
    async removeMember(memberId) {
      // Explicit as well as cascaded: SQLite enforces foreign keys only when asked to.
      await sql.run('DELETE FROM team_session WHERE member_id = ?', [memberId]);
      await sql.run('DELETE FROM team_credential WHERE member_id = ?', [memberId]);
      await sql.run('DELETE FROM team_member WHERE id = ?', [memberId]);
    },

    async addCredential(c) {
      await sql.run(
        'INSERT INTO team_credential (id, member_id, public_key, counter, transports) VALUES (?, ?, ?, ?, ?)',
        [c.id, c.memberId, c.publicKey, c.counter, JSON.stringify(c.transports)],
      );
    },
    async credential(id) {
      const r = await one<CredentialRow>('SELECT * FROM team_credential WHERE id = ?', [id]);
      return r && credential(r);
    },
    async credentialsOf(memberId) {
      const rows = await sql.all<CredentialRow>(
        'SELECT * FROM team_credential WHERE member_id = ?',
        [memberId],
      );
      return rows.map(credential);
    },
    async setCounter(id, counter) {
      await sql.run('UPDATE team_credential SET counter = ? WHERE id = ?', [counter, id]);
    },

    async addInvitation(i) {
      await sql.run(
        'INSERT INTO team_invitation (token_hash, email, role, expires) VALUES (?, ?, ?, ?)',
        [i.tokenHash, i.email.toLowerCase(), i.role, i.expires.toISOString()],
      );
    },
    async invitation(tokenHash) {
      const r = await one<InvitationRow>('SELECT * FROM team_invitation WHERE token_hash = ?', [
        tokenHash,
      ]);
      return r && invitation(r);
    },
    async pendingInvitations(now) {
      const rows = await sql.all<InvitationRow>(
        'SELECT token_hash, email, role, expires, used FROM team_invitation WHERE used = 0 AND expires > ? ORDER BY expires',
        [now.toISOString()],
      );
      return rows.map(invitation);
    },
    async withdrawInvitation(tokenHash) {
      const changed = await sql.run(
        'DELETE FROM team_invitation WHERE token_hash = ? AND used = 0',
        [tokenHash],
      );
      return changed === 1;
    },
    async cancelInvitations(email) {
      return sql.run('DELETE FROM team_invitation WHERE email = ? AND used = 0', [
        email.toLowerCase(),
      ]);
    },
    async useInvitation(tokenHash, now) {
      // One statement, so two enrolments racing for the same link cannot both win.
      const changed = await sql.run(
        'UPDATE team_invitation SET used = 1 WHERE token_hash = ? AND used = 0 AND expires > ?',
        [tokenHash, now.toISOString()],
      );
      return changed === 1;
    },
  };
}
