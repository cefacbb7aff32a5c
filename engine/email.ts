// Local email typo suggestion (never sent anywhere). Distance thresholds of 2 for domain, second-level and top-level domain.
// The library finds the nearest provider domain; the rules here stop it 'correcting' a real
// domain (ann@gmx.de is not ann@gmail.me): only a known provider domain close to what was
// typed is offered, or an unknown domain's ending when that ending is not a real one.
import spellChecker from '@zootools/email-spell-checker';
import {
  GENERIC_ENDINGS,
  KNOWN_VALID,
  PROVIDER_DOMAINS,
  PROVIDER_ENDINGS,
  PROVIDER_NAMES,
  VALID_PATTERNS,
} from './email-domains';

const THRESHOLD = 2;

export interface EmailSuggestion {
  address: string;
  domain: string;
  full: string;
}

/** Edits (insert, delete, replace, swap two neighbours) between two short strings. */
export function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

function isKnownValid(domain: string): boolean {
  return KNOWN_VALID.has(domain) || VALID_PATTERNS.some((pattern) => pattern.test(domain));
}

/** A real ending: any two-letter country code, or a common generic one. */
function isRealEnding(domain: string): boolean {
  const last = domain.slice(domain.lastIndexOf('.') + 1);
  return /^[a-z]{2}$/.test(last) || GENERIC_ENDINGS.has(last);
}

/** The provider domain nearest to what was typed, if nearer than the library's pick ('co.k' is 'co.uk'). */
function nearestProvider(typed: string, suggested: string): string {
  let best = suggested;
  let bestDistance = editDistance(typed, suggested);
  for (const domain of PROVIDER_DOMAINS) {
    const distance = editDistance(typed, domain);
    if (distance < bestDistance) [best, bestDistance] = [domain, distance];
  }
  return best;
}

function acceptable(typed: string, suggested: string): boolean {
  const name = typed.split('.')[0]!;
  if (PROVIDER_DOMAINS.includes(suggested)) {
    // Short names are often real ones (bt.com, ey.com): allow one slip there, two elsewhere.
    return editDistance(typed, suggested) <= (name.length >= 5 ? THRESHOLD : 1);
  }
  // An unknown domain: only its ending may be mended, and only when the ending is not real.
  return suggested.split('.')[0] === name && !isRealEnding(typed);
}

/** A likely intended address when the domain looks mistyped, or null. */
export function suggestEmail(email: string): EmailSuggestion | null {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  if (at < 1 || at === trimmed.length - 1) return null;
  const typed = trimmed.slice(at + 1).toLowerCase();
  if (isKnownValid(typed)) return null;
  const suggestion = spellChecker.run({
    email: trimmed,
    domains: PROVIDER_DOMAINS,
    secondLevelDomains: PROVIDER_NAMES,
    topLevelDomains: PROVIDER_ENDINGS,
    domainThreshold: THRESHOLD,
    secondLevelThreshold: THRESHOLD,
    topLevelThreshold: THRESHOLD,
  });
  if (!suggestion) return null;
  const domain = PROVIDER_DOMAINS.includes(suggestion.domain)
    ? nearestProvider(typed, suggestion.domain)
    : suggestion.domain;
  if (domain === typed || !acceptable(typed, domain)) return null;
  // Keep the local part exactly as typed: only the domain is suggested.
  const address = trimmed.slice(0, at);
  return { address, domain, full: `${address}@${domain}` };
}
