/**
 * The security headers of every answer, pages and API alike. The camera is allowed to the shop's
 * own pages only (the image search can take a photo); every other powerful feature is off.
 */
const PERMISSIONS_POLICY = [
  "camera=(self)",
  "microphone=()",
  "geolocation=()",
  "payment=()",
  "usb=()",
  "serial=()",
  "bluetooth=()",
  "hid=()",
  "midi=()",
  "magnetometer=()",
  "gyroscope=()",
  "accelerometer=()",
  "display-capture=()",
  "browsing-topics=()",
].join(", ");

/** Headers for every answer; HSTS only when the shop is served over https (SITE_URL). */
export function securityHeaders(https: boolean): Record<string, string> {
  return {
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "permissions-policy": PERMISSIONS_POLICY,
    // the CSP's frame-ancestors 'none' for browsers that predate it
    "x-frame-options": "DENY",
    ...(https ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/**
 * The pages' Content-Security-Policy. Scripts run only with this request's nonce (Next puts it on
 * its own scripts; 'strict-dynamic' lets those load the bundles they import), never inline script
 * without it. Styles allow 'unsafe-inline' because React renders style attributes (the theme's CSS
 * variables on <html>, widths of bars): a style cannot run code. Development adds 'unsafe-eval',
 * which React's dev build needs for its error overlay and call stacks.
 */
export function contentSecurityPolicy(nonce: string, options: { dev?: boolean } = {}): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    `connect-src 'self'${options.dev ? " ws: wss:" : ""}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** A fresh nonce: 16 random bytes in base64 (Web Crypto, so it runs wherever the proxy runs). */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}
