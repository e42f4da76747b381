import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  categoriesResponseSchema,
  minimalProductResponseSchema,
  productDetailQuerySchema,
  productParamsSchema,
  productQuerySchema,
  productResponseSchema,
  productsResponseSchema,
  suggestionsQuerySchema,
  suggestionsResponseSchema,
} from "@/lib/contract/catalog";
import { facetsResponseSchema } from "@/lib/contract/specs";
import { DEFAULT_LOCALE } from "@/lib/locale";
import { DomainError } from "@/server/errors";
import { CACHE } from "./cache-control";
import { requestMeta, type ApiContext } from "./context";

/** The catalogue, for anyone; answers a shared cache may keep for a short while. */
export const catalogRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get("/products", { schema: { querystring: productQuerySchema, response: { 200: productsResponseSchema } } }, async (request, reply) => {
    const page = await services.catalog.list(request.query);
    reply.header("cache-control", request.query.search ? CACHE.search : CACHE.productList);
    return {
      products: page.products,
      pagination: { total: page.total, totalIsEstimate: page.totalIsEstimate, hasMore: page.hasMore, limit: page.limit, offset: page.offset },
      ...(page.understood ? { understood: page.understood, remaining: page.remaining ?? "" } : {}),
    };
  });

  // the chosen category's spec filters with their counts for the same selection as GET /products
  app.get("/facets", { schema: { querystring: productQuerySchema, response: { 200: facetsResponseSchema } } }, async (request, reply) => {
    const facets = await services.specs.facets(request.query, requestMeta(request).locale ?? DEFAULT_LOCALE);
    reply.header("cache-control", CACHE.productList);
    return { facets };
  });

  app.get(
    "/products/:id",
    {
      schema: {
        params: productParamsSchema,
        querystring: productDetailQuerySchema,
        response: { 200: z.union([productResponseSchema, minimalProductResponseSchema]) },
      },
    },
    async (request, reply) => {
      const product = await services.catalog.get(request.params.id);
      if (!product) throw new DomainError("not-found", `Product ${request.params.id} not found`);
      reply.header("cache-control", CACHE.default);
      const { product_variants: variants = [], ...rest } = product;
      if (request.query.minimal === "true") {
        const { id, name, image, price, original_price, in_stock, stock_quantity, sku, variant_config } = product;
        return { id, name, image, price, original_price, in_stock, stock_quantity, sku, variants, variantConfig: variant_config };
      }
      const extras = await services.catalog.detailExtras(product, requestMeta(request).locale ?? DEFAULT_LOCALE);
      return { ...rest, product_variants: variants, variants, variantConfig: product.variant_config, ...extras };
    },
  );

  app.get("/categories", { schema: { response: { 200: categoriesResponseSchema } } }, async (_request, reply) => {
    reply.header("cache-control", CACHE.default);
    return { categories: await services.catalog.categories() };
  });

  app.get("/search-suggestions", { schema: { querystring: suggestionsQuerySchema, response: { 200: suggestionsResponseSchema } } }, async (request, reply) => {
    reply.header("cache-control", CACHE.search);
    return { suggestions: await services.search.suggestions(request.query.q ?? "") };
  });
};
