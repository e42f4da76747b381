import type os from "node:os";
import { describe, expect, it } from "vitest";
import { hostnameOf, isOwnHost, localShopAddresses, ownHostNames } from "./own-addresses";

const entry = (address: string, family: "IPv4" | "IPv6", internal = false, scopeid = 0) =>
  ({ address, family, internal, scopeid, netmask: "", mac: "", cidr: null }) as os.NetworkInterfaceInfo;
const interfaces = {
  lo: [entry("127.0.0.1", "IPv4", true), entry("::1", "IPv6", true)],
  wlan0: [entry("192.168.1.23", "IPv4"), entry("fe80::1c2b:3cff:fe4d:5e6f", "IPv6", false, 3), entry("2001:DB8::23", "IPv6")],
};

describe("this machine's own names and addresses", () => {
  const names = ownHostNames(interfaces, "Duka-PC");

  it("holds localhost, loopback, the host name (and its .local name) and the interface addresses", () => {
    expect([...names].sort()).toEqual(["localhost", "127.0.0.1", "[::1]", "duka-pc", "duka-pc.local", "192.168.1.23", "[2001:db8::23]"].sort());
  });

  it("recognises a Host header naming one of them, on any port, and nothing else", () => {
    for (const host of [
      "localhost:3000",
      "LOCALHOST:3000",
      "127.0.0.1:3000",
      "[::1]:3000",
      "192.168.1.23:3000",
      "duka-pc.local:3000",
      "shop.localhost:3000",
      "localhost",
    ]) {
      expect(isOwnHost(host, names), host).toBe(true);
    }
    for (const host of [undefined, "", "evil.example:3000", "192.168.1.24:3000", "localhost.evil.example", "[fe80::1c2b:3cff:fe4d:5e6f]:3000", "a b"]) {
      expect(isOwnHost(host, names), String(host)).toBe(false);
    }
  });

  it("reads a Host header's name without its port", () => {
    expect(hostnameOf("Shop.Example:8080")).toBe("shop.example");
    expect(hostnameOf("[::1]:3000")).toBe("[::1]");
    expect(hostnameOf("localhost.")).toBe("localhost");
    expect(hostnameOf("bad host")).toBeNull();
  });
});

describe("the addresses to open the shop at", () => {
  it("lists localhost, then the network addresses (IPv4 first) when listening on all of them", () => {
    expect(localShopAddresses(3000, "0.0.0.0", interfaces)).toEqual(["http://localhost:3000", "http://192.168.1.23:3000"]);
    expect(localShopAddresses(3000, "::", interfaces)).toEqual(["http://localhost:3000", "http://192.168.1.23:3000", "http://[2001:db8::23]:3000"]);
  });

  it("lists only what the server listens on otherwise", () => {
    expect(localShopAddresses(3000, "127.0.0.1", interfaces)).toEqual(["http://localhost:3000"]);
    expect(localShopAddresses(8080, "192.168.1.23", interfaces)).toEqual(["http://192.168.1.23:8080"]);
  });
});
