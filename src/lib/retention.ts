/**
 * How long the shop keeps security events: a year covers any investigation of an account (the
 * per-address failure counts look back minutes only). The server deletes older ones every hour;
 * the data-protection page states the same figure.
 */
export const SECURITY_EVENT_RETENTION_MONTHS = 12;
