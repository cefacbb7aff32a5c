import type { FastifyInstance } from 'fastify';

// No inline script anywhere. Styles are 'self', plus, on a server-rendered page, the hash of
// the one inline style element carrying that page's own rules (see criticalCss.ts).
export const contentSecurityPolicy = (styleHashes: string[] = []) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    ["style-src 'self'", ...styleHashes].join(' '),
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');

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
 * set its own Content-Security-Policy (to allow its inline style) keeps it.
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
