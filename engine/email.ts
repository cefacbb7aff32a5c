// Local email typo suggestion (never sent anywhere). Distance thresholds of 2 for domain, second-level and top-level domain.
import spellChecker from '@zootools/email-spell-checker';

/** Common webmail domains, UK ones included. */
const DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'hotmail.com',
  'hotmail.co.uk',
  'outlook.com',
  'outlook.co.uk',
  'live.com',
  'live.co.uk',
  'msn.com',
  'yahoo.com',
  'yahoo.co.uk',
  'ymail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'btinternet.com',
  'btopenworld.com',
  'sky.com',
  'virginmedia.com',
  'talktalk.net',
  'tiscali.co.uk',
  'ntlworld.com',
  'blueyonder.co.uk',
  'aol.com',
  'aol.co.uk',
  'protonmail.com',
  'proton.me',
  'mail.com',
  'gmx.com',
  'gmx.co.uk',
];

const SECOND_LEVEL_DOMAINS = [
  'gmail',
  'googlemail',
  'hotmail',
  'outlook',
  'live',
  'yahoo',
  'icloud',
  'btinternet',
  'virginmedia',
  'talktalk',
  'ntlworld',
  'protonmail',
  'aol',
  'sky',
];

const TOP_LEVEL_DOMAINS = [
  'co.uk',
  'com',
  'org',
  'org.uk',
  'gov.uk',
  'ac.uk',
  'sch.uk',
  'nhs.uk',
  'police.uk',
  'ltd.uk',
  'plc.uk',
  'me.uk',
  'net',
  'uk',
  'wales',
  'cymru',
  'me',
  'ie',
  'eu',
  'info',
];

/** Public-sector and Welsh domains that are valid as typed and must never be 'corrected'. */
const PROTECTED_SUFFIXES = [
  'gov.uk',
  'gov.wales',
  'llyw.cymru',
  'nhs.net',
  'nhs.uk',
  'cymru',
  'wales',
  'ac.uk',
  'sch.uk',
  'police.uk',
];

const THRESHOLD = 2;

export interface EmailSuggestion {
  address: string;
  domain: string;
  full: string;
}

function isProtected(domain: string): boolean {
  return PROTECTED_SUFFIXES.some((suffix) => domain === suffix || domain.endsWith(`.${suffix}`));
}

/** A likely intended address when the domain looks mistyped, or null. */
export function suggestEmail(email: string): EmailSuggestion | null {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  if (at < 1 || at === trimmed.length - 1) return null;
  if (isProtected(trimmed.slice(at + 1).toLowerCase())) return null;
  const suggestion = spellChecker.run({
    email: trimmed,
    domains: DOMAINS,
    secondLevelDomains: SECOND_LEVEL_DOMAINS,
    topLevelDomains: TOP_LEVEL_DOMAINS,
    domainThreshold: THRESHOLD,
    secondLevelThreshold: THRESHOLD,
    topLevelThreshold: THRESHOLD,
  });
  if (!suggestion || suggestion.domain === trimmed.slice(at + 1).toLowerCase()) return null;
  // Keep the local part exactly as typed: only the domain is suggested.
  const address = trimmed.slice(0, at);
  return { address, domain: suggestion.domain, full: `${address}@${suggestion.domain}` };
}
