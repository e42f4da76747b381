import { spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });

async function until<T>(read: () => Promise<T | null>, what: string, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read().catch(() => null);
    if (value !== null) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("the cluster supervisor", () => {
  it("serves from several workers on one port, sums their metrics, replaces one that dies, and stops them all on SIGTERM", async () => {
    const port = await freePort();
    const primary = spawn(process.execPath, ["--import", "tsx", path.join("tests", "fixtures", "cluster-primary.mjs")], {
      env: { ...process.env, CLUSTER_TEST_PORT: String(port) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    primary.stdout.on("data", (d: Buffer) => (output += d.toString()));
    primary.stderr.on("data", (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => primary.once("exit", (code) => resolve(code)));
    // a new connection per request, so the primary hands them to different workers
    const pidOf = async () => (await fetch(`http://127.0.0.1:${port}/`, { headers: { connection: "close" } })).text();
    try {
      await until(async () => (output.includes("2 workers started") ? true : null), "two workers");
      const pids = await until(async () => {
        const seen = new Set<string>();
        for (let i = 0; i < 20; i++) seen.add(await pidOf());
        return seen.size >= 2 ? seen : null;
      }, "answers from two workers");
      expect(pids.size).toBe(2);
      // a scrape reaching either worker shows both workers' requests, summed by the primary
      const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { connection: "close" } })).text();
      const counted = Number(/stand_in_requests_total (\d+)/.exec(metrics)?.[1]);
      expect(counted).toBeGreaterThanOrEqual(20);

      await fetch(`http://127.0.0.1:${port}/crash`, { headers: { connection: "close" } });
      await until(async () => (/ended \(code 3\); starting another/.test(output) ? true : null), "the replacement");
      const replaced = await until(async () => {
        const now = await pidOf();
        return pids.has(now) ? null : now;
      }, "an answer from the new worker");
      expect(replaced).toMatch(/^\d+$/);

      primary.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(output).toContain("SIGTERM: stopping 2 workers");
    } finally {
      primary.kill("SIGKILL");
    }
  });
});
