// Failed sign-ins: anyone can send one, so they are limited per client and counted in the audit
// rather than written one row each. A client (an IPv4 address, or an IPv6 /64 as the
// respondents' limits count them) gets at most FAILURES_PER_MINUTE a minute, then 429; the
// counters live in the database (server/storage/limits.ts), so the limit holds across instances
// and nothing about the client is kept once its minute has passed. The audit keeps one entry per
// member (or per unknown passkey) and hour with how many times, so a flood adds a row an hour.
import { isIPv6 } from 'node:net';
import type { LimitStore } from '../storage/limits';
import type { AuditStore, Member } from '../storage/team-types';

export const FAILURES_PER_MINUTE = 10;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** One key per IPv4 address and per IPv6 /64; an IPv4-mapped address counts as IPv4. */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

export function signInFailures(options: {
  limits: LimitStore;
  audit: Pick<AuditStore, 'countAudit'>;
  clock: () => Date;
}) {
  const window = (size: number) => Math.floor(options.clock().getTime() / size) * size;
  const key = (ip: string) => `sign-in-failed:${clientKey(ip)}`;
  return {
    /** Seconds until this client may try again, or 0 when it may now. */
    async wait(ip: string): Promise<number> {
      const minute = window(MINUTE);
      if ((await options.limits.read(key(ip), minute)) < FAILURES_PER_MINUTE) return 0;
      return Math.max(1, Math.ceil((minute + MINUTE - options.clock().getTime()) / 1000));
    },
    /** Counts a failed sign-in: against the client's limit, and in the audit (for a known
     *  passkey, against its member). */
    async failed(ip: string, member: Member | undefined): Promise<void> {
      await options.limits.hit(key(ip), window(MINUTE));
      const hour = window(HOUR);
      await options.audit.countAudit(
        {
          memberId: member?.id ?? null,
          actor: member?.email,
          action: 'sign-in-failed',
          at: options.clock(),
          target: null,
        },
        `sign-in-failed:${member?.id ?? ''}:${hour}`,
      );
    },
  };
}
