import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  adminBrandSchema,
  adminCategorySchema,
  brandBodySchema,
  categoryBodySchema,
  categoryOrderBodySchema,
  categoryOrderResponseSchema,
  mergeBodySchema,
  mergeResponseSchema,
  taxonomyResponseSchema,
} from "@/lib/contract/admin-taxonomy";
import { idParams } from "@/lib/contract/fields";
import { requestMeta, type ApiContext } from "../context";
import { adminActor } from "../scopes";

/** Categories and brands: list, create, rename, reorder, merge. */
export const taxonomyRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get("/categories", { schema: { response: { 200: taxonomyResponseSchema } } }, async () => {
    return { categories: await services.taxonomy.categories(), brands: await services.taxonomy.brands() };
  });
  app.post("/categories", { schema: { body: categoryBodySchema, response: { 201: adminCategorySchema } } }, async (request, reply) =>
    reply.code(201).send(await services.taxonomy.createCategory(adminActor(request), request.body, requestMeta(request))),
  );
  app.put("/categories/:id", { schema: { params: idParams, body: categoryBodySchema, response: { 200: adminCategorySchema } } }, async (request) =>
    services.taxonomy.renameCategory(adminActor(request), request.params.id, request.body, requestMeta(request)),
  );
  app.post("/categories/order", { schema: { body: categoryOrderBodySchema, response: { 200: categoryOrderResponseSchema } } }, async (request) => {
    await services.taxonomy.reorderCategories(adminActor(request), request.body.ids, requestMeta(request));
    return { categories: await services.taxonomy.categories() };
  });
  app.post("/categories/:id/merge", { schema: { params: idParams, body: mergeBodySchema, response: { 200: mergeResponseSchema } } }, async (request) =>
    services.taxonomy.mergeCategory(adminActor(request), request.params.id, request.body.into, requestMeta(request)),
  );
  app.post("/brands", { schema: { body: brandBodySchema, response: { 201: adminBrandSchema } } }, async (request, reply) =>
    reply.code(201).send(await services.taxonomy.createBrand(adminActor(request), request.body, requestMeta(request))),
  );
  app.put("/brands/:id", { schema: { params: idParams, body: brandBodySchema, response: { 200: adminBrandSchema } } }, async (request) =>
    services.taxonomy.renameBrand(adminActor(request), request.params.id, request.body, requestMeta(request)),
  );
  app.post("/brands/:id/merge", { schema: { params: idParams, body: mergeBodySchema, response: { 200: mergeResponseSchema } } }, async (request) =>
    services.taxonomy.mergeBrand(adminActor(request), request.params.id, request.body.into, requestMeta(request)),
  );
};
