import { randomUUID } from "node:crypto";

/** A request id a proxy may pass in: short, and only characters that cannot forge a log line. */
const PASSED_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The request's id for the logs and the `x-request-id` answer header: the one nginx (or another
 * proxy) passed in when it is well formed, else a new one; the same id then ties the proxy's log
 * line to the app server's.
 */
export function requestIdOf(header: string | string[] | undefined): string {
  const passed = Array.isArray(header) ? header[0] : header;
  return passed && PASSED_ID.test(passed) ? passed : randomUUID();
}
