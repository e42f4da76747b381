import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { customerResponseSchema, customersQuerySchema, customersResponseSchema } from "@/lib/contract/admin-customers";
import type { Same } from "@/lib/contract/common";
import { idParams } from "@/lib/contract/fields";
import type { AdminCustomer } from "@/server/customers/customers";
import { DomainError } from "@/server/errors";
import type { ApiContext } from "../context";

/** The answer is the service's customer record, field for field (checked by the compiler, both ways). */
export const customerAnswerIsAdminCustomer: Same<z.output<typeof customerResponseSchema>, AdminCustomer> = true;

/** The shop's customers: a searchable list and one customer's record. */
export const customerRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get("/customers", { schema: { querystring: customersQuerySchema, response: { 200: customersResponseSchema } } }, async (request) => {
    const { q, locked, limit, offset } = request.query;
    return services.adminCustomers.list({ q, locked: locked === "true", limit, offset });
  });

  app.get("/customers/:id", { schema: { params: idParams, response: { 200: customerResponseSchema } } }, async (request) => {
    const found = await services.adminCustomers.get(request.params.id);
    if (!found) throw new DomainError("not-found", `Customer ${request.params.id} not found`);
    return found;
  });
};
