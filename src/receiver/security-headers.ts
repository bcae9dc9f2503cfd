/**
 * Headers of every answer of the contact receiver. Hosts apply `_headers` to static files only, never
 * to a function's answers, so the receiver sets them itself: the same values as `public/_headers`
 * gives the pages (a unit test keeps the two in step), and a policy stricter than the pages' one,
 * because its pages load nothing at all: no script, no stylesheet, no image.
 */
const receiverPolicy = ["default-src 'none'", "form-action 'self'", "frame-ancestors 'none'", "base-uri 'none'"].join('; ');

export const receiverSecurityHeaders: Readonly<Record<string, string>> = {
  'Content-Security-Policy': receiverPolicy,
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Content-Type-Options': 'nosniff',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  // An answer is about one message: no cache may keep it.
  'Cache-Control': 'no-store',
};
