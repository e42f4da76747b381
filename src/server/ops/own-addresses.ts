import os from "node:os";

/**
 * This machine's own names and addresses, as a browser puts them in a URL's host: `localhost`
 * (and any `*.localhost`, which browsers send to this machine too), `127.0.0.1`, `[::1]`, the
 * machine's host name (and its `.local` name on the network), and every address of its network
 * interfaces (IPv6 in brackets; link-local IPv6 addresses are left out, a browser cannot use them
 * without a zone). Read afresh each time: a laptop's address changes with the network it is on.
 */
export function ownHostNames(interfaces: NodeJS.Dict<os.NetworkInterfaceInfo[]> = os.networkInterfaces(), hostName: string = os.hostname()): Set<string> {
  const names = new Set(["localhost", "127.0.0.1", "[::1]"]);
  const host = hostName.trim().toLowerCase();
  if (host) names.add(host).add(`${host}.local`);
  for (const address of interfaceAddresses(interfaces)) names.add(address.family === "IPv6" ? `[${address.address}]` : address.address);
  return names;
}

/** The interface addresses a browser can use (no link-local IPv6), lower case. */
function interfaceAddresses(interfaces: NodeJS.Dict<os.NetworkInterfaceInfo[]>) {
  return Object.values(interfaces)
    .flat()
    .filter((entry): entry is os.NetworkInterfaceInfo => Boolean(entry))
    .filter((entry) => !(entry.family === "IPv6" && (entry.scopeid || entry.address.toLowerCase().startsWith("fe80:"))))
    .map((entry) => ({ ...entry, address: entry.address.toLowerCase() }));
}

/**
 * True when a request's Host header names this machine (see ownHostNames), on any port. The
 * Host is the address the browser was opened at; a name that is not this machine's (another
 * site's domain pointed at this machine's address) never counts.
 */
export function isOwnHost(host: string | undefined, names: Set<string> = ownHostNames()): boolean {
  const hostname = hostnameOf(host);
  if (!hostname) return false;
  return names.has(hostname) || hostname.endsWith(".localhost");
}

/** The host name of a Host header, lower case, without its port (IPv6 kept in brackets); null when it is not one. */
export function hostnameOf(host: string | undefined): string | null {
  if (!host) return null;
  try {
    return new URL(`http://${host}`).hostname.replace(/\.$/, "") || null;
  } catch {
    return null;
  }
}

/**
 * The addresses to open the shop at when no public address (SITE_URL) is set, for the start log
 * and for a refusal: `http://localhost:PORT` first, then the machine's network addresses (where
 * the server listens on all of them), which a phone on the same network can use.
 */
export function localShopAddresses(port: number, listenHost: string, interfaces: NodeJS.Dict<os.NetworkInterfaceInfo[]> = os.networkInterfaces()): string[] {
  const local = `http://localhost:${port}`;
  const only = listenHost.trim();
  // 0.0.0.0 listens on every IPv4 address; "::" (or nothing) on every address of both kinds
  const everyIpv4 = only === "0.0.0.0";
  if (!everyIpv4 && !["", "::", "[::]"].includes(only)) {
    return ["localhost", "127.0.0.1", "::1", "[::1]"].includes(only) ? [local] : [`http://${only.includes(":") ? `[${only}]` : only}:${port}`];
  }
  // IPv4 first: the form people type on a phone
  const network = interfaceAddresses(interfaces)
    .filter((entry) => !entry.internal && (!everyIpv4 || entry.family === "IPv4"))
    .sort((a, b) => (a.family === b.family ? 0 : a.family === "IPv4" ? -1 : 1))
    .map((entry) => `http://${entry.family === "IPv6" ? `[${entry.address}]` : entry.address}:${port}`);
  return [local, ...network];
}
