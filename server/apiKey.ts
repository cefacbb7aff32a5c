import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Checks a presented key against the configured ones in constant time: both sides are
 * hashed to equal-length digests, and every configured key is compared every time.
 */
export function apiKeyChecker(keys: readonly string[]): (presented: unknown) => boolean {
  const digests = keys.map(digest);
  return (presented) => {
    if (typeof presented !== 'string') return false;
    const candidate = digest(presented);
    let match = false;
    for (const key of digests) match = timingSafeEqual(key, candidate) || match;
    return match;
  };
}
