import { z } from "zod";
import { notJson } from "./common";

/** Operating the shop: liveness and readiness for load balancers, and the Prometheus metrics. */

/** GET /api/health/live: the process answers. */
export const liveResponseSchema = z.object({ status: z.literal("ok") });
export type LiveResponse = z.input<typeof liveResponseSchema>;

/** GET /api/health/ready: 200 when this server should get traffic (else 503 unavailable with the same fields). */
export const readyResponseSchema = z.object({
  status: z.literal("ready"),
  ready: z.literal(true),
  database: z.enum(["ok", "down"]),
  migrations: z.enum(["ok", "pending"]),
  draining: z.boolean(),
});
export type ReadyResponse = z.input<typeof readyResponseSchema>;

/** GET /metrics: Prometheus's text exposition format. */
export const metricsResponseSchema = notJson("the Prometheus text exposition (text/plain; version=0.0.4)");
