// Passkey (WebAuthn) enrolment and sign-in with @simplewebauthn/server. No passwords anywhere.
// Challenges are random bytes, an expiry and an HMAC, so any instance can check them; once
// answered, a challenge is recorded in the store until it expires, so it cannot be replayed.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LimitStore } from '../storage/limits';
import type { TeamWrites } from './access';
import { nextAfterSignIn, sha256, startSession } from './session';
import { signInFailures } from './sign-in-failures';

const CHALLENGE_MS = 5 * 60 * 1000;
const RP_NAME = 'Feedback team';

export interface PasskeyOptions {
  store: TeamWrites;
  /** The rate limits' counters (server/storage/limits.ts), for failed sign-ins. */
  limits: LimitStore;
  clock: () => Date;
  secret: Buffer;
  /** The site's origin (PUBLIC_URL), e.g. https://feedback.example.gov.uk; never the request's. */
  origin: string;
}

function challenge(secret: Buffer, now: Date): Uint8Array<ArrayBuffer> {
  const body = Buffer.concat([randomBytes(16), Buffer.alloc(8)]);
  body.writeBigUInt64BE(BigInt(now.getTime() + CHALLENGE_MS), 16);
  return Uint8Array.from(Buffer.concat([body, createHmac('sha256', secret).update(body).digest()]));
}

function challengeIsOurs(secret: Buffer, now: Date, encoded: string): boolean {
  const bytes = Buffer.from(encoded, 'base64url');
  if (bytes.length !== 56) return false;
  const body = bytes.subarray(0, 24);
  const mac = createHmac('sha256', secret).update(body).digest();
  return timingSafeEqual(mac, bytes.subarray(24)) && body.readBigUInt64BE(16) > now.getTime();
}

/** The origin and relying party id, from configuration only (a request's Host can be forged). */
function site(origin: string) {
  const url = new URL(origin);
  return { origin: url.origin, rpID: url.hostname };
}

/**
 * `expectedChallenge` for the library: checks the signature and expiry, and remembers the
 * challenge so that, once the whole response has verified, it can be marked used.
 */
function challengeCheck(secret: Buffer, clock: () => Date) {
  let seen: string | undefined;
  return {
    expectedChallenge: (encoded: string) => {
      seen = encoded;
      return challengeIsOurs(secret, clock(), encoded);
    },
    /** True the first time; false when another request (on any instance) used it already. */
    use: (store: TeamWrites) =>
      seen !== undefined &&
      store.useChallenge(sha256(seen), new Date(clock().getTime() + CHALLENGE_MS)),
  };
}

const body = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;

/** JSON endpoints the sign-in and enrolment pages' script calls. */
export function registerPasskeys(app: FastifyInstance, options: PasskeyOptions): void {
  const { store, clock, secret } = options;
  const failures = signInFailures({ limits: options.limits, audit: store, clock });

  app.post('/team/enrol/options', async (request, reply) => {
    const invitation = await store.invitation(sha256(String(body(request).token ?? '')));
    if (!invitation || invitation.used || invitation.expires <= clock())
      return reply.code(403).send({});
    const { rpID } = site(options.origin);
    return generateRegistrationOptions({
      rpName: RP_NAME,
      rpID,
      userName: invitation.email,
      attestationType: 'none',
      challenge: challenge(secret, clock()),
      // Discoverable, so sign-in needs no user name.
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
  });

  app.post('/team/enrol/verify', async (request, reply) => {
    const { token, response } = body(request);
    const tokenHash = sha256(String(token ?? ''));
    const invitation = await store.invitation(tokenHash);
    if (!invitation) return reply.code(403).send({});
    const { origin, rpID } = site(options.origin);
    const check = challengeCheck(secret, clock);
    const result = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: check.expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    }).catch(() => undefined);
    // Checked last and atomically, so a challenge and a link work once even when two enrolments race.
    if (
      !result?.verified ||
      !(await check.use(store)) ||
      !(await store.useInvitation(tokenHash, clock()))
    )
      return reply.code(403).send({});
    // Any other link for this address is spent with this one: an older one kept could later
    // give back a role the member has since lost.
    await store.cancelInvitations(invitation.email);
    const existing = await store.memberByEmail(invitation.email);
    const member = existing ?? (await store.addMember(invitation.email, invitation.role, clock()));
    if (existing) await store.setRole(existing.id, invitation.role);
    const { credential } = result.registrationInfo;
    await store.addCredential({
      id: credential.id,
      memberId: member.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
    });
    await store.audit({
      memberId: member.id,
      actor: member.email,
      action: 'enrol',
      at: clock(),
      target: null,
    });
    await startSession(store, request, reply, member.id, clock());
    return { redirect: '/team' };
  });

  app.post('/team/sign-in/options', async () => {
    const { rpID } = site(options.origin);
    return generateAuthenticationOptions({
      rpID,
      userVerification: 'required',
      challenge: challenge(secret, clock()),
    });
  });

  app.post('/team/sign-in/verify', async (request, reply) => {
    // A client that failed too often this minute is not heard until the next.
    const wait = await failures.wait(request.ip);
    if (wait) return reply.code(429).header('retry-after', String(wait)).send({});
    const response = body(request).response as AuthenticationResponseJSON | undefined;
    const stored =
      typeof response?.id === 'string' ? await store.credential(response.id) : undefined;
    // A failed sign-in is counted: for a known passkey, against its member.
    const failed = async () => {
      await failures.failed(request.ip, stored && (await store.getMember(stored.memberId)));
      return reply.code(403).send({});
    };
    if (!response || !stored) return failed();
    const { origin, rpID } = site(options.origin);
    const check = challengeCheck(secret, clock);
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: check.expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      credential: {
        id: stored.id,
        publicKey: Buffer.from(stored.publicKey, 'base64url'),
        counter: stored.counter,
        transports: stored.transports as AuthenticatorTransportFuture[],
      },
    }).catch(() => undefined);
    if (!result?.verified || !(await check.use(store))) return failed();
    await store.setCounter(stored.id, result.authenticationInfo.newCounter);
    const member = await store.getMember(stored.memberId);
    await store.audit({
      memberId: stored.memberId,
      actor: member?.email,
      action: 'sign-in',
      at: clock(),
      target: null,
    });
    await startSession(store, request, reply, stored.memberId, clock());
    // Back to the page that asked for a sign-in, if it was one of ours.
    return { redirect: nextAfterSignIn(body(request).next) ?? '/team' };
  });
}
