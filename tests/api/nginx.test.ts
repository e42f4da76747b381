import http from "node:http";
import net from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApi, setupApi } from "./harness";
import { startLocalNginx, type LocalNginx } from "./local-nginx";

/*
 * The repository's nginx configuration (deploy/nginx/storefront.conf), as the deployment uses it,
 * in front of two app servers over one database. nginx is Debian's package, installed here (as
 * root) when the machine lacks it; the test fails, never skips, when it cannot be had.
 */
const api = setupApi();
let second: Awaited<ReturnType<typeof buildTestApi>>;
let nginx: LocalNginx;
let front = "";
const ports: number[] = [];

beforeAll(async () => {
  second = await buildTestApi(api, { trustProxy: true });
  for (const app of [api.app, second.app]) {
    await app.listen({ port: 0, host: "127.0.0.1" });
    ports.push((app.server.address() as net.AddressInfo).port);
  }
  nginx = await startLocalNginx(ports);
  front = nginx.front;
}, 180_000);

afterAll(async () => {
  await nginx?.stop();
  await second?.close();
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
