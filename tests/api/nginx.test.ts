import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApi, setupApi } from "./harness";

/*
 * The repository's nginx configuration (deploy/nginx/storefront.conf), as the deployment uses it,
 * in front of two app servers over one database. nginx is Debian's package, installed here (as
 * root) when the machine lacks it; the test fails, never skips, when it cannot be had.
 */
const api = setupApi();
const SITE_CONF = path.join(process.cwd(), "deploy", "nginx", "storefront.conf");
let second: Awaited<ReturnType<typeof buildTestApi>>;
let nginx: ChildProcess;
let dir = "";
let front = "";
const ports: number[] = [];

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });

function ensureNginx(): string {
  const found = spawnSync("sh", ["-c", "command -v nginx || ls /usr/sbin/nginx"], { encoding: "utf8" }).stdout.trim().split("\n")[0];
  if (found) return found;
  execFileSync("sh", ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light"], { stdio: "inherit" });
  return "/usr/sbin/nginx";
}

async function until(check: () => Promise<boolean>, what: string) {
  const end = Date.now() + 20_000;
  while (!(await check().catch(() => false))) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  const binary = ensureNginx();
  second = await buildTestApi(api, { trustProxy: true });
  for (const app of [api.app, second.app]) {
    await app.listen({ port: 0, host: "127.0.0.1" });
    ports.push((app.server.address() as net.AddressInfo).port);
  }
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-nginx-"));
  const port = await freePort();
  front = `http://127.0.0.1:${port}`;
  fs.writeFileSync(path.join(dir, "storefront-upstreams.conf"), ports.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;\n`).join(""));
  // the repository's file, with only its listening port moved to a free one
  const site = fs.readFileSync(SITE_CONF, "utf8").replace(/listen 8080;/, `listen 127.0.0.1:${port};`);
  fs.writeFileSync(path.join(dir, "storefront.conf"), site);
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  include storefront.conf;
}
`,
  );
  execFileSync(binary, ["-t", "-p", dir, "-c", path.join(dir, "nginx.conf")], { stdio: "pipe" });
  nginx = spawn(binary, ["-p", dir, "-c", path.join(dir, "nginx.conf")], { stdio: "ignore" });
  await until(async () => (await fetch(`${front}/api/health/live`)).ok, "nginx");
}, 180_000);

afterAll(async () => {
  nginx?.kill("SIGQUIT");
  await second?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the repository's nginx configuration", () => {
  it("passes the shop through with a request id, compresses JSON, keeps /metrics inside", async () => {
    const live = await fetch(`${front}/api/health/live`);
    expect(live.status).toBe(200);
    // nginx's own id when the client sent none, passed to the app and answered back
    expect(live.headers.get("x-request-id")).toMatch(/^[0-9a-f]{32}$/);
    const passed = await fetch(`${front}/api/health/live`, { headers: { "x-request-id": "client-req-12345" } });
    expect(passed.headers.get("x-request-id")).toBe("client-req-12345");

    const raw = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
      http
        .get(`${front}/api/products?limit=40`, { headers: { "accept-encoding": "gzip" } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ encoding: res.headers["content-encoding"], body: Buffer.concat(chunks) }));
        })
        .on("error", reject);
    });
    expect(raw.encoding).toBe("gzip");
    expect(JSON.parse(gunzipSync(raw.body).toString()).products).toHaveLength(40);

    expect((await fetch(`${front}/metrics`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${ports[0]}/metrics`)).status).toBe(200);
  });

  it("sends the next requests to the other server when one stops", async () => {
    // the first server stops listening (its connections end at once); the harness closes the rest later
    api.app.server.closeAllConnections();
    await new Promise((resolve) => api.app.server.close(resolve));
    for (let i = 0; i < 6; i++) expect((await fetch(`${front}/api/categories`)).status).toBe(200);
  });
});
