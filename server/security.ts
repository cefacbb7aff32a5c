import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

// Scripts are files of our own origin, plus, on a respondent's page, the one inline script the
// page template carries (src/early.ts: it must run before any file can arrive), allowed by its
// hash. Styles are 'self', plus, on a server-rendered page, the hash of the one inline style
// element carrying that page's own rules (see criticalCss.ts).
export const contentSecurityPolicy = ({
  styleHashes = [],
  scriptHashes = [],
}: { styleHashes?: string[]; scriptHashes?: string[] } = {}) =>
  [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    ["style-src 'self'", ...styleHashes].join(' '),
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');

/** The CSP source of each inline script in `html` (a `<script>` with no attributes: neither a
 *  file nor a data block), for script-src. */
export const inlineScriptHashes = (html: string): string[] =>
  [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`,
  );

export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': contentSecurityPolicy(),
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  // Browsers ignore it over plain HTTP; behind TLS it keeps respondents on HTTPS.
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
};

/**
 * Adds the security headers to every response, and makes sure none sets a cookie. A page that
 * set its own Content-Security-Policy (to allow its inline style and script) keeps it.
 */
export function addSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    const own = reply.getHeader('content-security-policy');
    reply.headers(SECURITY_HEADERS);
    if (own) reply.header('content-security-policy', own);
    reply.removeHeader('set-cookie');
    return payload;
  });
}
