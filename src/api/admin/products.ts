import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { Readable } from "node:stream";
import { z } from "zod";
import {
  ADMIN_PRODUCT_DESCRIPTION_MAX,
  ADMIN_PRODUCT_NAME_MAX,
  ADMIN_PRODUCT_REASON_MAX,
  ADMIN_PRODUCTS_PAGE_MAX,
  CSV_IMPORT_MAX_BYTES,
  isProductImage,
  PRODUCT_SKU_PATTERN,
} from "@/lib/admin-catalog";
import { VARIANT_AXES_MAX, VARIANT_COMBINATIONS_MAX, VARIANT_PLAN_TYPES, VARIANT_VALUE_MAX, VARIANT_VALUES_MAX } from "@/lib/variant-plan";
import { PRODUCT_IMAGE_MAX_BYTES } from "@/server/catalog/admin/product-editor";
import { ADMIN_PRODUCT_STOCK_FILTERS } from "@/server/catalog/admin/products";
import { DomainError } from "@/server/errors";
import { requestMeta, type ApiContext } from "../context";
import { sendError } from "../errors";
import { adminActor } from "../scopes";
import { idParams, text } from "@/lib/contract/fields";
import { readOneFile } from "../uploads";

const shillings = (field: string) =>
  z
    .number({ error: `${field} must be a whole number of shillings` })
    .int(`${field} must be a whole number of shillings`)
    .min(0, `${field} must not be negative`)
    .max(2_000_000_000, `${field} is too large`);

/**
 * The catalogue as the admin keeps it: the product list, a product's stock and price, creating a
 * product and changing its details, options and archive state, its picture, and the catalogue as
 * CSV (an export, and an import that changes nothing unless every row is right).
 */
export const productRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get(
    "/products",
    {
      schema: {
        querystring: z.object({
          q: text("q", 100).optional(),
          category: text("category", 100).optional(),
          stock: z.enum(ADMIN_PRODUCT_STOCK_FILTERS, { message: "stock must be low or out" }).optional(),
          limit: z.coerce.number().int().min(1).max(ADMIN_PRODUCTS_PAGE_MAX).default(25),
          offset: z.coerce.number().int().min(0).max(100_000).default(0),
        }),
      },
    },
    async (request) => {
      return services.adminCatalog.list(request.query);
    },
  );

  app.get("/products/:id", { schema: { params: idParams } }, async (request) => {
    const found = await services.adminCatalog.get(request.params.id);
    if (!found) throw new DomainError("not-found", `Product ${request.params.id} not found`);
    return found;
  });

  app.patch(
    "/products/:id",
    {
      schema: {
        params: idParams,
        body: z.object({
          price: shillings("price").optional(),
          originalPrice: shillings("originalPrice").optional(),
          stockQuantity: z
            .number({ error: "stockQuantity must be a whole number" })
            .int("stockQuantity must be a whole number")
            .min(0, "stockQuantity must not be negative")
            .max(10_000_000, "stockQuantity is too large")
            .optional(),
          reason: text("reason", ADMIN_PRODUCT_REASON_MAX, { min: 1, minMessage: "reason is required" }),
        }),
      },
    },
    async (request) => {
      return services.adminCatalog.change(adminActor(request), request.params.id, request.body, requestMeta(request));
    },
  );

  // ---- creating a product and changing its details ----
  const productDetails = z.object({
    name: text("name", ADMIN_PRODUCT_NAME_MAX, { min: 1, minMessage: "name is required" }).transform((v) => v.trim()),
    description: text("description", ADMIN_PRODUCT_DESCRIPTION_MAX).default(""),
    category: text("category", 100, { min: 1, minMessage: "category is required" }),
    brand: text("brand", 80, { min: 1, minMessage: "brand is required" }),
    sku: text("sku", 64, { min: 1, minMessage: "sku is required" })
      .transform((v) => v.trim())
      .refine((v) => PRODUCT_SKU_PATTERN.test(v), "sku takes letters, digits, dots, dashes and underscores"),
    image: text("image", 200).refine(isProductImage, "image must be a picture uploaded for products"),
    freeDelivery: z.boolean({ error: "freeDelivery must be true or false" }).default(false),
    sameDayDelivery: z.boolean({ error: "sameDayDelivery must be true or false" }).default(false),
  });

  app.post(
    "/products",
    {
      schema: {
        body: productDetails.extend({
          price: shillings("price"),
          originalPrice: shillings("originalPrice").default(0),
          stockQuantity: z.number({ error: "stockQuantity must be a whole number" }).int("stockQuantity must be a whole number").min(0).max(10_000_000),
        }),
      },
    },
    async (request, reply) => {
      return reply.code(201).send(await services.productEditor.create(adminActor(request), request.body, requestMeta(request)));
    },
  );

  app.put("/products/:id/details", { schema: { params: idParams, body: productDetails } }, async (request) => {
    return services.productEditor.updateDetails(adminActor(request), request.params.id, request.body, requestMeta(request));
  });

  const axisLabel = (field: string) => text(field, VARIANT_VALUE_MAX);
  app.put(
    "/products/:id/variants",
    {
      schema: {
        params: idParams,
        body: z.object({
          type: z.enum(VARIANT_PLAN_TYPES, { message: `type must be one of ${VARIANT_PLAN_TYPES.join(", ")}` }),
          axes: z.array(z.object({ name: axisLabel("name"), values: z.array(axisLabel("value")).max(VARIANT_VALUES_MAX) })).max(VARIANT_AXES_MAX),
          variants: z
            .array(
              z.object({
                attributes: z.record(axisLabel("attribute"), axisLabel("value")),
                sku: text("sku", 64),
                price: shillings("price"),
                stock: z.number({ error: "stock must be a whole number" }).int("stock must be a whole number").min(0).max(10_000_000),
              }),
            )
            .max(VARIANT_COMBINATIONS_MAX),
          reason: text("reason", ADMIN_PRODUCT_REASON_MAX, { min: 1, minMessage: "reason is required" }),
        }),
      },
    },
    async (request) => {
      const { reason, ...plan } = request.body;
      return services.productEditor.setVariants(adminActor(request), request.params.id, { ...plan, reason: reason.trim() }, requestMeta(request));
    },
  );

  app.post(
    "/products/:id/archive",
    {
      schema: {
        params: idParams,
        body: z.object({
          archived: z.boolean({ error: "archived must be true or false" }),
          reason: text("reason", ADMIN_PRODUCT_REASON_MAX, { min: 1, minMessage: "reason is required" }),
        }),
      },
    },
    async (request) => {
      const { archived, reason } = request.body;
      return services.productEditor.setArchived(adminActor(request), request.params.id, archived, reason.trim(), requestMeta(request));
    },
  );

  // ---- the catalogue as CSV: export, and an import that changes nothing unless every row is right ----
  await app.register(async (scope) => {
    const csv = scope.withTypeProvider<ZodTypeProvider>();
    // the larger of the two uploads here (a CSV file, a product picture); each route checks its own
    await csv.register(multipart, { limits: { fileSize: PRODUCT_IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 50 } });

    /** multipart with one field `file`: a product picture (JPEG, PNG or WebP up to 10 MB) → `{image}` */
    csv.post("/products/image", async (request, reply) => {
      const file = await readOneFile(request, reply, "A picture can be at most 10 MB");
      if (!file) return reply;
      return reply.code(201).send(await services.productEditor.storeImage(file.bytes));
    });

    csv.get("/products.csv", async (request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      reply.type("text/csv; charset=utf-8").header("content-disposition", `attachment; filename="products-${day}.csv"`);
      return reply.send(Readable.from(services.catalogCsv.exportCsv()));
    });

    csv.post(
      "/products/import",
      { schema: { querystring: z.object({ dryRun: z.enum(["true", "false"], { message: "dryRun must be true or false" }).default("false") }) } },
      async (request, reply) => {
        const tooLarge = `A CSV file can be at most ${CSV_IMPORT_MAX_BYTES / 1024 / 1024} MB`;
        const file = await readOneFile(request, reply, tooLarge);
        if (!file) return reply;
        // the route's multipart limit is the larger picture one
        if (file.bytes.length > CSV_IMPORT_MAX_BYTES) return sendError(reply, "too-large", tooLarge);
        const text = new TextDecoder("utf-8", { fatal: false }).decode(file.bytes);
        if (text.includes("\uFFFD")) return sendError(reply, "invalid-input", "The file is not UTF-8 text: save it as CSV UTF-8 and try again");
        const name = file.name.replace(/[^\p{L}\p{N} ._-]/gu, "").slice(0, 100) || "upload.csv";
        return services.catalogCsv.importCsv(adminActor(request), { name, text }, { dryRun: request.query.dryRun === "true" }, requestMeta(request));
      },
    );
  });
};
