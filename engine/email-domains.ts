// Domain lists for the email suggestion (engine/email.ts). Plain data: edit freely, and add a
// real domain to `KNOWN_VALID` (or a rule to the patterns) whenever one is wrongly 'corrected'.

/** Webmail domains a mistyped address is corrected to (the only full domains ever suggested). */
export const PROVIDER_DOMAINS = [
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

/** Second-level names the typo library may match on its own. */
export const PROVIDER_NAMES = [
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

/** Endings the typo library may match on their own. */
export const PROVIDER_ENDINGS = [
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

/**
 * Real consumer domains that are valid as typed though they sit close to a provider domain
 * (national sites of the same provider, and other countries' providers). Never corrected.
 */
export const KNOWN_VALID = new Set([
  ...PROVIDER_DOMAINS,
  'web.de',
  't-online.de',
  'freenet.de',
  'posteo.de',
  'email.com',
  'aim.com',
  'rocketmail.com',
  'windowslive.com',
  'protonmail.ch',
  'pm.me',
  'tuta.io',
  'tutanota.com',
  'fastmail.com',
  'fastmail.fm',
  'virgin.net',
  'talk21.com',
  'bt.com',
  'plus.net',
  'eircom.net',
  'mail.ru',
  'yandex.ru',
  'yandex.com',
  'orange.fr',
  'free.fr',
  'sfr.fr',
  'laposte.net',
  'libero.it',
  'virgilio.it',
  'alice.it',
  'tiscali.it',
  ...[
    'fr',
    'de',
    'it',
    'es',
    'nl',
    'be',
    'ie',
    'se',
    'dk',
    'no',
    'fi',
    'ca',
    'com.au',
    'co.nz',
  ].flatMap((country) =>
    ['hotmail', 'outlook', 'live', 'yahoo', 'msn'].map((name) => `${name}.${country}`),
  ),
  'yahoo.co.in',
  'yahoo.com.au',
]);

/**
 * Valid as typed, whatever the rest of the address: a provider that runs a domain in many
 * countries (gmx.*), and UK and Welsh public-sector names (gov.uk, gov.wales, llyw.cymru, NHS,
 * police, universities, schools, .cymru, .wales, .scot).
 */
export const VALID_PATTERNS = [
  /^gmx\.[a-z.]+$/,
  /(^|\.)(gov\.uk|gov\.wales|llyw\.cymru|gov\.scot|parliament\.uk)$/,
  /(^|\.)(nhs\.net|nhs\.uk|nhs\.scot|nhs\.wales|police\.uk|ac\.uk|sch\.uk|mod\.uk)$/,
  /(^|\.)(cymru|wales|scot)$/,
];

/** Endings that are real top-level domains: a suggestion never changes one of these alone. */
export const GENERIC_ENDINGS = new Set([
  'com',
  'net',
  'org',
  'info',
  'biz',
  'edu',
  'gov',
  'int',
  'name',
  'pro',
  'app',
  'dev',
  'online',
  'email',
  'london',
  'wales',
  'cymru',
  'scot',
]);
