// One-time enrolment links: a random token, of which the store keeps only the sha-256.
import { randomBytes } from 'node:crypto';
import type { AuditStore, MemberStore, Member, Role } from '../storage/team-types';
import { sha256 } from './session';

export const INVITATION_MS = 24 * 60 * 60 * 1000;
export const ROLES: Role[] = ['viewer', 'analyst', 'admin'];

/** Creates an invitation and returns the path of its enrolment page (valid 24 hours, once). */
export async function invite(
  store: Pick<MemberStore, 'addInvitation'> & Pick<AuditStore, 'audit'>,
  email: string,
  role: Role,
  now: Date,
  by: Pick<Member, 'id' | 'email'> | null = null,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await store.addInvitation({
    tokenHash: sha256(token),
    email,
    role,
    expires: new Date(now.getTime() + INVITATION_MS),
  });
  // Whom, and as which role; an invitation from the command line has no member.
  await store.audit({
    memberId: by?.id ?? null,
    actor: by?.email,
    action: `invite:${role}`,
    at: now,
    target: email,
  });
  return `/team/enrol?token=${token}`;
}
