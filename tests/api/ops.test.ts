import { describe, expect, it } from "vitest";
import { buildTestApi, setupApi } from "./harness";

// a low general limit: the probes must not count against it
const api = setupApi({ rateLimit: 3 });

describe("operating the shop", () => {
  it("answers liveness and readiness, never rate limited", async () => {
    for (let i = 0; i < 6; i++) {
      const live = await api.app.inject({ method: "GET", url: "/api/health/live" });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: "ok" });
      expect(live.headers["cache-control"]).toBe("no-store");
    }
    const ready = await api.app.inject({ method: "GET", url: "/api/health/ready" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready", ready: true, database: "ok", migrations: "ok", draining: false });
  });

  it("gives every answer a request id: the proxy's when well formed, else a new one", async () => {
    const passed = await api.app.inject({ method: "GET", url: "/api/health/live", headers: { "x-request-id": "nginx-3f2a9c1d7e" } });
    expect(passed.headers["x-request-id"]).toBe("nginx-3f2a9c1d7e");
    const forged = await api.app.inject({ method: "GET", url: "/api/health/live", headers: { "x-request-id": "bad id {}" } });
    expect(forged.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const none = await api.app.inject({ method: "GET", url: "/api/nowhere" });
    expect(none.statusCode).toBe(404);
    expect(none.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("exposes Prometheus metrics to this machine only (or with the token): request latency by route and status, the queues, the pool", async () => {
    await api.app.inject({ method: "GET", url: "/api/health/live" });
    const metrics = await api.app.inject({ method: "GET", url: "/metrics" });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers["content-type"]).toMatch(/^text\/plain/);
    const text = metrics.body;
    const count = Number(/http_request_duration_seconds_count\{method="GET",route="\/api\/health\/live",status_code="200"\} (\d+)/.exec(text)?.[1] ?? 0);
    expect(count).toBeGreaterThanOrEqual(7);
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="unmatched",status_code="404"\} 1/);
    expect(text).toMatch(/shop_job_queue_depth\{queue="mail_outbox",state="pending"\} \d+/);
    expect(text).toMatch(/shop_job_queue_depth\{queue="fiscal_outbox",state="dead"\} \d+/);
    expect(text).toMatch(/shop_db_pool_connections\{state="waiting"\} \d+/);
    expect(text).toMatch(/shop_image_search_queue\{state="waiting"\} 0/);
    expect(text).toMatch(/nodejs_eventloop_lag_seconds/);

    const outside = await api.app.inject({ method: "GET", url: "/metrics", remoteAddress: "203.0.113.9" });
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toMatchObject({ code: "forbidden" });
    // a private address is no proof of being inside (Docker's published ports, a proxy), nor is a forwarded loopback request
    expect((await api.app.inject({ method: "GET", url: "/metrics", remoteAddress: "172.17.0.1" })).statusCode).toBe(403);
    expect((await api.app.inject({ method: "GET", url: "/metrics", headers: { "x-forwarded-for": "203.0.113.9" } })).statusCode).toBe(403);

    // with a token, a scraper anywhere is let in by it, and nobody without it
    const tokened = await buildTestApi(api, { metricsToken: "scrape-token-5c1f0e7a9b" });
    try {
      const scrape = (headers: Record<string, string>) => tokened.app.inject({ method: "GET", url: "/metrics", remoteAddress: "198.51.100.20", headers });
      expect((await scrape({ authorization: "Bearer scrape-token-5c1f0e7a9b" })).statusCode).toBe(200);
      expect((await scrape({ authorization: "Bearer wrong" })).statusCode).toBe(403);
      expect((await tokened.app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(403);
    } finally {
      await tokened.close();
    }
  });

  it("says not ready while draining for a stop, with a time to come back", async () => {
    api.services.health.drain();
    const ready = await api.app.inject({ method: "GET", url: "/api/health/ready" });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers["retry-after"]).toBeDefined();
    expect(ready.json()).toMatchObject({ code: "unavailable", ready: false, draining: true, database: "ok" });
    expect((await api.app.inject({ method: "GET", url: "/api/health/live" })).statusCode).toBe(200);
  });
});
