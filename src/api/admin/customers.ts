import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { DomainError } from "@/server/errors";
import type { ApiContext } from "../context";
import { idParams, text } from "@/lib/contract/fields";

/** The shop's customers: a searchable list and one customer's record. */
export const customerRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get(
    "/customers",
    {
      schema: {
        querystring: z.object({
          q: text("q", 100).optional(),
          locked: z.enum(["true", "false"], { message: "locked must be true or false" }).optional(),
          limit: z.coerce.number().int().min(1).max(100).default(25),
          offset: z.coerce.number().int().min(0).max(100_000).default(0),
        }),
      },
    },
    async (request) => {
      const { q, locked, limit, offset } = request.query;
      return services.adminCustomers.list({ q, locked: locked === "true", limit, offset });
    },
  );

  app.get("/customers/:id", { schema: { params: idParams } }, async (request) => {
    const found = await services.adminCustomers.get(request.params.id);
    if (!found) throw new DomainError("not-found", `Customer ${request.params.id} not found`);
    return found;
  });
};
