import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { Readable } from "node:stream";
import { z } from "zod";
import { SECURITY_LOCK_REASON_MAX, securityLogQuerySchema } from "@/lib/security-log";
import { requestMeta, type ApiContext } from "../context";
import { adminActor } from "../scopes";
import { text } from "@/lib/contract/fields";

/** The security log (events, failures over time, top addresses, CSV) and locking or unlocking an account. */
export const securityRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  const securityQuery = { schema: { querystring: securityLogQuerySchema } };

  app.get("/security/events", securityQuery, async (request) => {
    const { filters, events, nextBefore } = await services.adminSecurity.events(request.query);
    return { period: { from: filters.fromDate, to: filters.toDate }, events, nextBefore };
  });

  app.get("/security/failures", securityQuery, async (request) => {
    return services.adminSecurity.failuresOverTime(request.query);
  });

  app.get("/security/top-addresses", securityQuery, async (request) => {
    return { addresses: await services.adminSecurity.topAddresses(request.query) };
  });

  app.get("/security/locked", async () => {
    return { accounts: await services.adminSecurity.lockedAccounts() };
  });

  app.get("/security/events.csv", securityQuery, async (request, reply) => {
    const filters = await services.adminSecurity.resolve(request.query);
    reply.type("text/csv; charset=utf-8").header("content-disposition", `attachment; filename="security-log-${filters.fromDate}-to-${filters.toDate}.csv"`);
    return reply.send(Readable.from(services.adminSecurity.exportCsv(request.query)));
  });

  const email = text("email", 254, { min: 3, minMessage: "email is required" });

  app.post(
    "/security/lock",
    { schema: { body: z.object({ email, reason: text("reason", SECURITY_LOCK_REASON_MAX, { min: 1, minMessage: "reason is required" }) }) } },
    async (request) => {
      return services.adminSecurity.lockAccount(adminActor(request), request.body.email, request.body.reason.trim(), requestMeta(request));
    },
  );

  app.post("/security/unlock", { schema: { body: z.object({ email }) } }, async (request) => {
    return services.adminSecurity.unlockAccount(adminActor(request), request.body.email, requestMeta(request));
  });
};
