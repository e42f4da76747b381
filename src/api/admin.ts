import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { Readable } from "node:stream";
import { z } from "zod";
import { SECURITY_LOCK_REASON_MAX, securityLogQuerySchema } from "@/lib/security-log";
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
import { PRODUCT_IMAGE_MAX_BYTES } from "@/server/admin/product-editor";
import { ADMIN_PRODUCT_STOCK_FILTERS } from "@/server/admin/catalog";
import { DomainError } from "@/server/errors";
import { CACHE } from "./cache-control";
import { requestMeta, type ApiContext } from "./context";
import { requireAdmin } from "./current-user";
import { sendError } from "./errors";
import { readOneFile } from "./uploads";
import { text } from "./schemas";

const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const shillings = (field: string) =>
  z
    .number({ error: `${field} must be a whole number of shillings` })
    .int(`${field} must be a whole number of shillings`)
    .min(0, `${field} must not be negative`)
    .max(2_000_000_000, `${field} is too large`);

/**
 * The admin area's own calls: the dashboard and the catalogue (orders, coupons, messages and
 * requests keep theirs beside the shopper's side of the same thing). Admins only: a guest gets
 * 401, a shopper 403, bad input 400; every write is CSRF-checked by the API's guard.
 */
export const adminRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", CACHE.none);
  });

  app.get("/admin/dashboard", async (request) => {
    await requireAdmin(services, request);
    return services.adminDashboard.summary();
  });

  app.get(
    "/admin/products",
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
      await requireAdmin(services, request);
      return services.adminCatalog.list(request.query);
    },
  );

  app.get("/admin/products/:id", { schema: { params: idParams } }, async (request) => {
    await requireAdmin(services, request);
    const found = await services.adminCatalog.get(request.params.id);
    if (!found) throw new DomainError("not-found", `Product ${request.params.id} not found`);
    return found;
  });

  app.patch(
    "/admin/products/:id",
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
      const admin = await requireAdmin(services, request);
      return services.adminCatalog.change({ id: admin.id, email: admin.email }, request.params.id, request.body, requestMeta(request));
    },
  );

  const securityQuery = { schema: { querystring: securityLogQuerySchema } };

  app.get("/admin/security/events", securityQuery, async (request) => {
    await requireAdmin(services, request);
    const { filters, events, nextBefore } = await services.adminSecurity.events(request.query);
    return { period: { from: filters.fromDate, to: filters.toDate }, events, nextBefore };
  });

  app.get("/admin/security/failures", securityQuery, async (request) => {
    await requireAdmin(services, request);
    return services.adminSecurity.failuresOverTime(request.query);
  });

  app.get("/admin/security/top-addresses", securityQuery, async (request) => {
    await requireAdmin(services, request);
    return { addresses: await services.adminSecurity.topAddresses(request.query) };
  });

  app.get("/admin/security/locked", async (request) => {
    await requireAdmin(services, request);
    return { accounts: await services.adminSecurity.lockedAccounts() };
  });

  app.get("/admin/security/events.csv", securityQuery, async (request, reply) => {
    await requireAdmin(services, request);
    const filters = await services.adminSecurity.resolve(request.query);
    reply.type("text/csv; charset=utf-8").header("content-disposition", `attachment; filename="security-log-${filters.fromDate}-to-${filters.toDate}.csv"`);
    return reply.send(Readable.from(services.adminSecurity.exportCsv(request.query)));
  });

  const email = text("email", 254, { min: 3, minMessage: "email is required" });

  app.post(
    "/admin/security/lock",
    { schema: { body: z.object({ email, reason: text("reason", SECURITY_LOCK_REASON_MAX, { min: 1, minMessage: "reason is required" }) }) } },
    async (request) => {
      const admin = await requireAdmin(services, request);
      return services.adminSecurity.lockAccount({ id: admin.id, email: admin.email }, request.body.email, request.body.reason.trim(), requestMeta(request));
    },
  );

  app.post("/admin/security/unlock", { schema: { body: z.object({ email }) } }, async (request) => {
    const admin = await requireAdmin(services, request);
    return services.adminSecurity.unlockAccount({ id: admin.id, email: admin.email }, request.body.email, requestMeta(request));
  });

  app.get(
    "/admin/customers",
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
      await requireAdmin(services, request);
      const { q, locked, limit, offset } = request.query;
      return services.adminCustomers.list({ q, locked: locked === "true", limit, offset });
    },
  );

  app.get("/admin/customers/:id", { schema: { params: idParams } }, async (request) => {
    await requireAdmin(services, request);
    const found = await services.adminCustomers.get(request.params.id);
    if (!found) throw new DomainError("not-found", `Customer ${request.params.id} not found`);
    return found;
  });

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
    "/admin/products",
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
      const admin = await requireAdmin(services, request);
      return reply.code(201).send(await services.productEditor.create({ id: admin.id, email: admin.email }, request.body, requestMeta(request)));
    },
  );

  app.put("/admin/products/:id/details", { schema: { params: idParams, body: productDetails } }, async (request) => {
    const admin = await requireAdmin(services, request);
    return services.productEditor.updateDetails({ id: admin.id, email: admin.email }, request.params.id, request.body, requestMeta(request));
  });

  const axisLabel = (field: string) => text(field, VARIANT_VALUE_MAX);
  app.put(
    "/admin/products/:id/variants",
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
      const admin = await requireAdmin(services, request);
      const { reason, ...plan } = request.body;
      return services.productEditor.setVariants(
        { id: admin.id, email: admin.email },
        request.params.id,
        { ...plan, reason: reason.trim() },
        requestMeta(request),
      );
    },
  );

  app.post(
    "/admin/products/:id/archive",
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
      const admin = await requireAdmin(services, request);
      const { archived, reason } = request.body;
      return services.productEditor.setArchived({ id: admin.id, email: admin.email }, request.params.id, archived, reason.trim(), requestMeta(request));
    },
  );

  // ---- categories and brands ----
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
  const actor = async (request: Parameters<typeof requireAdmin>[1]) => {
    const admin = await requireAdmin(services, request);
    return { id: admin.id, email: admin.email };
  };

  app.get("/admin/categories", async (request) => {
    await requireAdmin(services, request);
    return { categories: await services.taxonomy.categories(), brands: await services.taxonomy.brands() };
  });
  app.post("/admin/categories", { schema: { body: categoryBody } }, async (request, reply) =>
    reply.code(201).send(await services.taxonomy.createCategory(await actor(request), request.body, requestMeta(request))),
  );
  app.put("/admin/categories/:id", { schema: { params: idParams, body: categoryBody } }, async (request) =>
    services.taxonomy.renameCategory(await actor(request), request.params.id, request.body, requestMeta(request)),
  );
  app.post("/admin/categories/order", { schema: { body: z.object({ ids: z.array(z.number().int().min(1)).min(1).max(1000) }) } }, async (request) => {
    await services.taxonomy.reorderCategories(await actor(request), request.body.ids, requestMeta(request));
    return { categories: await services.taxonomy.categories() };
  });
  app.post("/admin/categories/:id/merge", { schema: { params: idParams, body: intoBody } }, async (request) =>
    services.taxonomy.mergeCategory(await actor(request), request.params.id, request.body.into, requestMeta(request)),
  );
  app.post("/admin/brands", { schema: { body: brandBody } }, async (request, reply) =>
    reply.code(201).send(await services.taxonomy.createBrand(await actor(request), request.body, requestMeta(request))),
  );
  app.put("/admin/brands/:id", { schema: { params: idParams, body: brandBody } }, async (request) =>
    services.taxonomy.renameBrand(await actor(request), request.params.id, request.body, requestMeta(request)),
  );
  app.post("/admin/brands/:id/merge", { schema: { params: idParams, body: intoBody } }, async (request) =>
    services.taxonomy.mergeBrand(await actor(request), request.params.id, request.body.into, requestMeta(request)),
  );

  // ---- the catalogue as CSV: export, and an import that changes nothing unless every row is right ----
  await app.register(async (scope) => {
    const csv = scope.withTypeProvider<ZodTypeProvider>();
    // the larger of the two uploads here (a CSV file, a product picture); each route checks its own
    await csv.register(multipart, { limits: { fileSize: PRODUCT_IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 50 } });

    /** multipart with one field `file`: a product picture (JPEG, PNG or WebP up to 10 MB) → `{image}` */
    csv.post("/admin/products/image", async (request, reply) => {
      await requireAdmin(services, request);
      const file = await readOneFile(request, reply, "A picture can be at most 10 MB");
      if (!file) return reply;
      return reply.code(201).send(await services.productEditor.storeImage(file.bytes));
    });

    csv.get("/admin/products.csv", async (request, reply) => {
      await requireAdmin(services, request);
      const day = new Date().toISOString().slice(0, 10);
      reply.type("text/csv; charset=utf-8").header("content-disposition", `attachment; filename="products-${day}.csv"`);
      return reply.send(Readable.from(services.catalogCsv.exportCsv()));
    });

    csv.post(
      "/admin/products/import",
      { schema: { querystring: z.object({ dryRun: z.enum(["true", "false"], { message: "dryRun must be true or false" }).default("false") }) } },
      async (request, reply) => {
        const admin = await requireAdmin(services, request);
        const tooLarge = `A CSV file can be at most ${CSV_IMPORT_MAX_BYTES / 1024 / 1024} MB`;
        const file = await readOneFile(request, reply, tooLarge);
        if (!file) return reply;
        // the route's multipart limit is the larger picture one
        if (file.bytes.length > CSV_IMPORT_MAX_BYTES) return sendError(reply, "too-large", tooLarge);
        const text = new TextDecoder("utf-8", { fatal: false }).decode(file.bytes);
        if (text.includes("\uFFFD")) return sendError(reply, "invalid-input", "The file is not UTF-8 text: save it as CSV UTF-8 and try again");
        const name = file.name.replace(/[^\p{L}\p{N} ._-]/gu, "").slice(0, 100) || "upload.csv";
        return services.catalogCsv.importCsv(
          { id: admin.id, email: admin.email },
          { name, text },
          { dryRun: request.query.dryRun === "true" },
          requestMeta(request),
        );
      },
    );
  });
};
