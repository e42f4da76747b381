import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requestMeta, type ApiContext } from "../context";
import { adminActor } from "../scopes";
import { idParams, text } from "@/lib/contract/fields";

/** Categories and brands: list, create, rename, reorder, merge. */
export const taxonomyRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  const categoryBody = z.object({
    name: text("name", 80, { min: 1, minMessage: "name is required" }).transform((v) => v.trim()),
    nameSw: text("nameSw", 80)
      .transform((v) => v.trim() || null)
      .nullable()
      .default(null),
    description: text("description", 500).default(""),
  });
  const brandBody = z.object({ name: text("name", 80, { min: 1, minMessage: "name is required" }).transform((v) => v.trim()) });
  const intoBody = z.object({ into: z.number({ error: "into must be an id" }).int().min(1) });

  app.get("/categories", async () => {
    return { categories: await services.taxonomy.categories(), brands: await services.taxonomy.brands() };
  });
  app.post("/categories", { schema: { body: categoryBody } }, async (request, reply) =>
    reply.code(201).send(await services.taxonomy.createCategory(adminActor(request), request.body, requestMeta(request))),
  );
  app.put("/categories/:id", { schema: { params: idParams, body: categoryBody } }, async (request) =>
    services.taxonomy.renameCategory(adminActor(request), request.params.id, request.body, requestMeta(request)),
  );
  app.post("/categories/order", { schema: { body: z.object({ ids: z.array(z.number().int().min(1)).min(1).max(1000) }) } }, async (request) => {
    await services.taxonomy.reorderCategories(adminActor(request), request.body.ids, requestMeta(request));
    return { categories: await services.taxonomy.categories() };
  });
  app.post("/categories/:id/merge", { schema: { params: idParams, body: intoBody } }, async (request) =>
    services.taxonomy.mergeCategory(adminActor(request), request.params.id, request.body.into, requestMeta(request)),
  );
  app.post("/brands", { schema: { body: brandBody } }, async (request, reply) =>
    reply.code(201).send(await services.taxonomy.createBrand(adminActor(request), request.body, requestMeta(request))),
  );
  app.put("/brands/:id", { schema: { params: idParams, body: brandBody } }, async (request) =>
    services.taxonomy.renameBrand(adminActor(request), request.params.id, request.body, requestMeta(request)),
  );
  app.post("/brands/:id/merge", { schema: { params: idParams, body: intoBody } }, async (request) =>
    services.taxonomy.mergeBrand(adminActor(request), request.params.id, request.body.into, requestMeta(request)),
  );
};
