import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { Readable } from "node:stream";
import type { z } from "zod";
import {
  adminProductResponseSchema,
  adminProductsQuerySchema,
  adminProductsResponseSchema,
  archiveBodySchema,
  archiveResponseSchema,
  productChangeBodySchema,
  productChangeResponseSchema,
  productCreateBodySchema,
  productCreateResponseSchema,
  productDetailsBodySchema,
  productDetailsResponseSchema,
  productImageResponseSchema,
  variantPlanBodySchema,
  variantPlanResponseSchema,
} from "@/lib/contract/admin-products";
import { notJson, type Same } from "@/lib/contract/common";
import { idParams } from "@/lib/contract/fields";
import { PRODUCT_IMAGE_MAX_BYTES } from "@/server/catalog/admin/product-editor";
import type { AdminCatalogService, AdminProductQuery } from "@/server/catalog/admin/products";
import { DomainError } from "@/server/errors";
import { requestMeta, type ApiContext } from "../context";
import { adminActor } from "../scopes";
import { readOneFile } from "../uploads";

/** The list's query is the service's, and a product's answer is the service's record (checked by the compiler, both ways). */
export const productsQueryIsServiceQuery: Same<z.output<typeof adminProductsQuerySchema>, AdminProductQuery> = true;
export const productAnswerIsServiceRecord: Same<
  z.output<typeof adminProductResponseSchema>,
  NonNullable<Awaited<ReturnType<AdminCatalogService["get"]>>>
> = true;

/**
 * The catalogue as the admin keeps it: the product list, a product's stock and price, creating a
 * product and changing its details, options and archive state, its picture, and the catalogue as
 * CSV export (the import, which creates products too, is in imports.ts).
 */
export const productRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get("/products", { schema: { querystring: adminProductsQuerySchema, response: { 200: adminProductsResponseSchema } } }, async (request) => {
    return services.adminCatalog.list(request.query);
  });

  app.get("/products/:id", { schema: { params: idParams, response: { 200: adminProductResponseSchema } } }, async (request) => {
    const found = await services.adminCatalog.get(request.params.id);
    if (!found) throw new DomainError("not-found", `Product ${request.params.id} not found`);
    return found;
  });

  app.patch(
    "/products/:id",
    { schema: { params: idParams, body: productChangeBodySchema, response: { 200: productChangeResponseSchema } } },
    async (request) => {
      return services.adminCatalog.change(adminActor(request), request.params.id, request.body, requestMeta(request));
    },
  );

  // ---- creating a product and changing its details ----
  app.post("/products", { schema: { body: productCreateBodySchema, response: { 201: productCreateResponseSchema } } }, async (request, reply) => {
    return reply.code(201).send(await services.productEditor.create(adminActor(request), request.body, requestMeta(request)));
  });

  app.put(
    "/products/:id/details",
    { schema: { params: idParams, body: productDetailsBodySchema, response: { 200: productDetailsResponseSchema } } },
    async (request) => {
      return services.productEditor.updateDetails(adminActor(request), request.params.id, request.body, requestMeta(request));
    },
  );

  app.put(
    "/products/:id/variants",
    { schema: { params: idParams, body: variantPlanBodySchema, response: { 200: variantPlanResponseSchema } } },
    async (request) => {
      const { reason, ...plan } = request.body;
      return services.productEditor.setVariants(adminActor(request), request.params.id, { ...plan, reason: reason.trim() }, requestMeta(request));
    },
  );

  app.post("/products/:id/archive", { schema: { params: idParams, body: archiveBodySchema, response: { 200: archiveResponseSchema } } }, async (request) => {
    const { archived, reason } = request.body;
    return services.productEditor.setArchived(adminActor(request), request.params.id, archived, reason.trim(), requestMeta(request));
  });

  // ---- a product picture, and the catalogue as CSV (the import is in imports.ts) ----
  await app.register(async (scope) => {
    const csv = scope.withTypeProvider<ZodTypeProvider>();
    // the larger of the two uploads here (a CSV file, a product picture); each route checks its own
    await csv.register(multipart, { limits: { fileSize: PRODUCT_IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 50 } });

    /** multipart with one field `file`: a product picture (JPEG, PNG or WebP up to 10 MB) → `{image}` */
    csv.post("/products/image", { schema: { response: { 201: productImageResponseSchema } } }, async (request, reply) => {
      const file = await readOneFile(request, reply, "A picture can be at most 10 MB");
      if (!file) return reply;
      return reply.code(201).send(await services.productEditor.storeImage(file.bytes));
    });

    csv.get("/products.csv", { schema: { response: { 200: notJson("the catalogue as CSV (text/csv), one row per product") } } }, async (_request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      reply.type("text/csv; charset=utf-8").header("content-disposition", `attachment; filename="products-${day}.csv"`);
      return reply.send(Readable.from(services.catalogCsv.exportCsv()));
    });
  });
};
