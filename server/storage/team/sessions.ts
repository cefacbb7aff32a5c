// Signing in: sessions, the WebAuthn challenges already answered, and single sign-ons under way.
import { isLang } from '../../../engine/types';
import type { Sql } from '../sql';
import type { Lang } from '../record';

/** A signed-in session; only the sha-256 of the cookie's value is kept. */
export interface Session {
  idHash: string;
  memberId: string;
  created: Date;
  lastSeen: Date;
  /** Began with single sign-on: signing out then also ends the session at the provider. */
  sso?: boolean;
}

/**
 * A single sign-on under way: what the provider's answer is checked against. Keyed by the
 * sha-256 of a random value in the browser's team cookie, so it belongs to that browser.
 */
export interface SsoPending {
  idHash: string;
  state: string;
  nonce: string;
  /** PKCE: the secret whose hash was sent with the authorization request. */
  codeVerifier: string;
  /** The language the sign-in started in, for the pages after it. */
  lang: Lang;
  /** The team page to go on to after it (checked when the sign-in started). */
  next?: string;
  expires: Date;
}

export interface SessionStore {
  addSession(session: Session): Promise<void>;
  session(idHash: string): Promise<Session | undefined>;
  touchSession(idHash: string, now: Date): Promise<void>;
  removeSession(idHash: string): Promise<void>;
  /** Removes sessions last seen before `idleCutoff` or created before `absoluteCutoff`. */
  removeExpiredSessions(idleCutoff: Date, absoluteCutoff: Date): Promise<number>;

  /**
   * Records a WebAuthn challenge (its sha-256) as answered until it expires; false when it
   * already was, so each challenge is accepted once.
   */
  useChallenge(hash: string, expires: Date): Promise<boolean>;
  /** Forgets answered challenges that expired before `now` (they are refused as expired anyway). */
  purgeUsedChallenges(now: Date): Promise<number>;

  addSsoPending(pending: SsoPending): Promise<void>;
  /** The pending sign-in, removed so it is used once; undefined when unknown or expired. */
  takeSsoPending(idHash: string, now: Date): Promise<SsoPending | undefined>;
  purgeSsoPending(now: Date): Promise<number>;
}

export function sessionStore(sql: Sql): SessionStore {
  const one = async <T>(query: string, params: unknown[]) => (await sql.all<T>(query, params))[0];
  return {
    async addSession(s) {
      await sql.run(
        'INSERT INTO team_session (id_hash, member_id, created, last_seen, sso) VALUES (?, ?, ?, ?, ?)',
        [s.idHash, s.memberId, s.created.toISOString(), s.lastSeen.toISOString(), s.sso ? 1 : 0],
      );
    },
    async session(idHash) {
      const r = await one<{
        id_hash: string;
        member_id: string;
        created: string;
        last_seen: string;
        sso: number;
      }>('SELECT * FROM team_session WHERE id_hash = ?', [idHash]);
      return (
        r && {
          idHash: r.id_hash,
          memberId: r.member_id,
          created: new Date(r.created),
          lastSeen: new Date(r.last_seen),
          sso: r.sso === 1,
        }
      );
    },
    async touchSession(idHash, now) {
      await sql.run('UPDATE team_session SET last_seen = ? WHERE id_hash = ?', [
        now.toISOString(),
        idHash,
      ]);
    },
    async removeSession(idHash) {
      await sql.run('DELETE FROM team_session WHERE id_hash = ?', [idHash]);
    },
    async removeExpiredSessions(idleCutoff, absoluteCutoff) {
      return sql.run('DELETE FROM team_session WHERE last_seen < ? OR created < ?', [
        idleCutoff.toISOString(),
        absoluteCutoff.toISOString(),
      ]);
    },

    async useChallenge(hash, expires) {
      // One statement: of two requests racing with the same challenge, only one inserts.
      const changed = await sql.run(
        'INSERT INTO team_used_challenge (hash, expires) VALUES (?, ?) ON CONFLICT DO NOTHING',
        [hash, expires.toISOString()],
      );
      return changed === 1;
    },
    async purgeUsedChallenges(now) {
      return sql.run('DELETE FROM team_used_challenge WHERE expires < ?', [now.toISOString()]);
    },

    async addSsoPending(p) {
      await sql.run(
        'INSERT INTO team_sso_pending (id_hash, state, nonce, code_verifier, lang, next, expires) VALUES (?, ?, ?, ?, ?, ?, ?)',
        [
          p.idHash,
          p.state,
          p.nonce,
          p.codeVerifier,
          p.lang,
          p.next ?? null,
          p.expires.toISOString(),
        ],
      );
    },
    async takeSsoPending(idHash, now) {
      // Read and deleted in one statement, so two callbacks racing cannot both use it.
      const r = await one<{
        state: string;
        nonce: string;
        code_verifier: string;
        lang: string;
        next: string | null;
        expires: string;
      }>(
        'DELETE FROM team_sso_pending WHERE id_hash = ? RETURNING state, nonce, code_verifier, lang, next, expires',
        [idHash],
      );
      if (!r || new Date(r.expires) <= now) return undefined;
      return {
        idHash,
        state: r.state,
        nonce: r.nonce,
        codeVerifier: r.code_verifier,
        lang: isLang(r.lang) ? r.lang : 'en',
        ...(r.next ? { next: r.next } : {}),
        expires: new Date(r.expires),
      };
    },
    async purgeSsoPending(now) {
      return sql.run('DELETE FROM team_sso_pending WHERE expires < ?', [now.toISOString()]);
    },
  };
}
