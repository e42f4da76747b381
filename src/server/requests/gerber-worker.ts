/**
 * Runs in the worker thread that inspects uploaded Gerber ZIPs: inflating an archive to check it
 * blocks only this thread, never the event loop that answers the shop's other requests.
 */
import { checkGerberZip, type GerberResult } from "./gerber-zip";

export default function run(data: Uint8Array): GerberResult {
  return checkGerberZip(data);
}
