// A WebAuthn challenge is signed by the server and valid for 5 minutes; it must also work only
// once. A small software authenticator (P-256) answers a real challenge, then the same answer is
// sent again.
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { StoreWithTeam } from '../../server/storage/types';
import { teamServer } from './helpers';

let app: FastifyInstance;
let store: StoreWithTeam;
const now = new Date('2026-03-10T09:00:00Z');

const server = teamServer(now);

const b64url = (bytes: Buffer) => bytes.toString('base64url');
const sha = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest();

/** A P-256 key as the store keeps a passkey: its COSE public key, base64url. */
function softwareKey() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
  return { privateKey, publicKey: b64url(Buffer.from(cose)) };
}

/** What a browser sends back for `navigator.credentials.get` (user present and verified). */
function assertion(key: ReturnType<typeof softwareKey>, id: string, challenge: string) {
  const clientData = Buffer.from(
    JSON.stringify({ type: 'webauthn.get', challenge, origin: 'http://localhost' }),
  );
  const flags = Buffer.from([0x05]);
  const counter = Buffer.alloc(4); // 0: an authenticator without a counter, as many passkeys are
  const authData = Buffer.concat([sha('localhost'), flags, counter]);
  const signature = sign('sha256', Buffer.concat([authData, sha(clientData)]), key.privateKey);
  return {
    id,
    rawId: id,
    type: 'public-key',
    clientExtensionResults: {},
    response: {
      clientDataJSON: b64url(clientData),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
    },
  };
}

describe('passkey sign-in challenges', () => {
  it('accept a signed challenge once: the same answer sent again is refused', async () => {
    ({ app, store } = await server.start());
    const member = await store.team.addMember('me@example.gov.uk', 'viewer', now);
    const key = softwareKey();
    await store.team.addCredential({
      id: 'cred-1',
      memberId: member.id,
      publicKey: key.publicKey,
      counter: 0,
      transports: ['internal'],
    });

    const options = await app.inject({ method: 'POST', url: '/team/sign-in/options', payload: {} });
    const { challenge } = options.json<{ challenge: string }>();
    const response = assertion(key, 'cred-1', challenge);
    const verify = () =>
      app.inject({ method: 'POST', url: '/team/sign-in/verify', payload: { response } });

    const first = await verify();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ redirect: '/team' });
    expect(first.headers['set-cookie']).toMatch(/^team_session=/);

    const replay = await verify();
    expect(replay.statusCode).toBe(403);
    expect(replay.headers['set-cookie']).toBeUndefined();

    // A fresh challenge still works for the same passkey.
    const again = await app.inject({ method: 'POST', url: '/team/sign-in/options', payload: {} });
    const next = assertion(key, 'cred-1', again.json<{ challenge: string }>().challenge);
    const fresh = await app.inject({
      method: 'POST',
      url: '/team/sign-in/verify',
      payload: { response: next },
    });
    expect(fresh.statusCode).toBe(200);
    const signIns = (await store.team.auditLog({ limit: 10, offset: 0 })).filter(
      (e) => e.action === 'sign-in',
    );
    expect(signIns).toHaveLength(2);
  });
});
