import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApi, setupApi } from "./harness";
import { ensureLocalRedis } from "./local-redis";

const api = setupApi();
// a database of its own on the local Redis, emptied first: no other test or run counts in it. CI
// runs this file on Node 20 and Node 24 at the same time against one Redis, so each Node version
// takes its own database (20 → 11, 22 → 13, 24 → 9; the cluster test has 8): one run's flush never empties the other's counts
const REDIS_DB = 9 + (Number(process.versions.node.split(".")[0]) % 6);
let servers: Awaited<ReturnType<typeof buildTestApi>>[] = [];

beforeAll(async () => {
  const base = await ensureLocalRedis();
  const redisUrl = `${base}/${REDIS_DB}`;
  const admin = new Redis(redisUrl);
  await admin.flushdb();
  admin.disconnect();
  // two app servers over one database and one Redis
  servers = [await buildTestApi(api, { config: { redisUrl }, rateLimit: 5 }), await buildTestApi(api, { config: { redisUrl }, rateLimit: 5 })];
});

afterAll(async () => {
  for (const server of servers) await server.close();
});

describe("state shared by several app servers through Redis", () => {
  it("counts one client's API requests to both servers against one limit", async () => {
    const [a, b] = servers as [(typeof servers)[0], (typeof servers)[0]];
    const get = (server: typeof a) => server.app.inject({ method: "GET", url: "/api/categories", remoteAddress: "198.51.100.7" });
    const statuses = [];
    for (const server of [a, b, a, b, a]) statuses.push((await get(server)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const sixth = await get(b);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: "rate-limited" });
    // another client has its own count
    expect((await b.app.inject({ method: "GET", url: "/api/categories", remoteAddress: "198.51.100.8" })).statusCode).toBe(200);
  });
});
