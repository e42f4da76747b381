import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { Readable } from "node:stream";
import type { z } from "zod";
import {
  lockAccountBodySchema,
  lockAccountResponseSchema,
  lockedAccountSchema,
  lockedAccountsResponseSchema,
  securityEventSchema,
  securityEventsResponseSchema,
  securityFailuresResponseSchema,
  securityTopAddressesResponseSchema,
  unlockAccountBodySchema,
  unlockAccountResponseSchema,
} from "@/lib/contract/admin-security";
import { notJson, type Same } from "@/lib/contract/common";
import { securityLogQuerySchema } from "@/lib/security-log";
import type { LockedAccount, SecurityEventView } from "@/server/auth/admin-security";
import { requestMeta, type ApiContext } from "../context";
import { adminActor } from "../scopes";

/** The log's rows and the locked accounts are the service's, field for field (checked by the compiler, both ways). */
export const securityEventIsView: Same<z.output<typeof securityEventSchema>, SecurityEventView> = true;
export const lockedAccountIsService: Same<z.output<typeof lockedAccountSchema>, LockedAccount> = true;

/** The security log (events, failures over time, top addresses, CSV) and locking or unlocking an account. */
export const securityRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get("/security/events", { schema: { querystring: securityLogQuerySchema, response: { 200: securityEventsResponseSchema } } }, async (request) => {
    const { filters, events, nextBefore } = await services.adminSecurity.events(request.query);
    return { period: { from: filters.fromDate, to: filters.toDate }, events, nextBefore };
  });

  app.get("/security/failures", { schema: { querystring: securityLogQuerySchema, response: { 200: securityFailuresResponseSchema } } }, async (request) => {
    return services.adminSecurity.failuresOverTime(request.query);
  });

  app.get(
    "/security/top-addresses",
    { schema: { querystring: securityLogQuerySchema, response: { 200: securityTopAddressesResponseSchema } } },
    async (request) => {
      return { addresses: await services.adminSecurity.topAddresses(request.query) };
    },
  );

  app.get("/security/locked", { schema: { response: { 200: lockedAccountsResponseSchema } } }, async () => {
    return { accounts: await services.adminSecurity.lockedAccounts() };
  });

  app.get(
    "/security/events.csv",
    { schema: { querystring: securityLogQuerySchema, response: { 200: notJson("the filtered log as CSV (text/csv), newest first") } } },
    async (request, reply) => {
      const filters = await services.adminSecurity.resolve(request.query);
      reply.type("text/csv; charset=utf-8").header("content-disposition", `attachment; filename="security-log-${filters.fromDate}-to-${filters.toDate}.csv"`);
      return reply.send(Readable.from(services.adminSecurity.exportCsv(request.query)));
    },
  );

  app.post("/security/lock", { schema: { body: lockAccountBodySchema, response: { 200: lockAccountResponseSchema } } }, async (request) => {
    return services.adminSecurity.lockAccount(adminActor(request), request.body.email, request.body.reason.trim(), requestMeta(request));
  });

  app.post("/security/unlock", { schema: { body: unlockAccountBodySchema, response: { 200: unlockAccountResponseSchema } } }, async (request) => {
    const { email } = await services.adminSecurity.unlockAccount(adminActor(request), request.body.email, requestMeta(request));
    // the service answers only when it unlocked (it throws invalid-state when nothing was locked)
    return { email, unlocked: true as const };
  });
};
