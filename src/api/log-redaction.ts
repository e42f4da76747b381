/**
 * Secrets some addresses carry in their query (?token=…: Africa's Talking's delivery-report
 * callback, which they cannot sign, and the one-click links of e-mails) stay out of the API's log:
 * the request line keeps the parameter's name and drops its value.
 */
export function logSafeUrl(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, "$1[redacted]");
}

/** The request as each log line describes it (Fastify's own fields), its address without secrets. */
export function requestForLog(request: { method?: string; url?: string; ip?: string; host?: string; socket?: { remotePort?: number } | null }) {
  return {
    method: request.method,
    url: request.url === undefined ? undefined : logSafeUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
