import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { CategoriesResponse, MinimalProductResponse, ProductResponse, ProductsResponse, SuggestionsResponse } from "@/lib/api-contract";
import { DomainError } from "@/server/errors";
import { CACHE } from "./cache-control";
import type { ApiContext } from "./context";
import { productQuerySchema } from "./product-query";
import { text } from "./schemas";

const productParams = z.object({
  id: text("id", 20)
    .regex(/^\d{1,9}$/, "id must be a positive whole number")
    .transform(Number)
    .pipe(z.number().min(1, "id must be a positive whole number")),
});

export const catalogRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get("/products", { schema: { querystring: productQuerySchema } }, async (request, reply): Promise<ProductsResponse> => {
    const page = await services.catalog.list(request.query);
    reply.header("cache-control", request.query.search ? CACHE.search : CACHE.productList);
    return {
      products: page.products,
      pagination: { total: page.total, totalIsEstimate: page.totalIsEstimate, hasMore: page.hasMore, limit: page.limit, offset: page.offset },
    };
  });

  app.get(
    "/products/:id",
    {
      schema: {
        params: productParams,
        querystring: z.object({ minimal: z.enum(["true", "false"], { message: "minimal must be true or false" }).optional() }),
      },
    },
    async (request, reply): Promise<ProductResponse | MinimalProductResponse> => {
      const product = await services.catalog.get(request.params.id);
      if (!product) throw new DomainError("not-found", `Product ${request.params.id} not found`);
      reply.header("cache-control", CACHE.default);
      const { product_variants: variants = [], ...rest } = product;
      if (request.query.minimal === "true") {
        const { id, name, image, price, original_price, in_stock, stock_quantity, sku, variant_config } = product;
        return { id, name, image, price, original_price, in_stock, stock_quantity, sku, variants, variantConfig: variant_config };
      }
      return { ...rest, product_variants: variants, variants, variantConfig: product.variant_config };
    },
  );

  app.get("/categories", async (_request, reply): Promise<CategoriesResponse> => {
    reply.header("cache-control", CACHE.default);
    return { categories: await services.catalog.categories() };
  });

  app.get(
    "/search-suggestions",
    { schema: { querystring: z.object({ q: text("q", 100).optional() }) } },
    async (request, reply): Promise<SuggestionsResponse> => {
      reply.header("cache-control", CACHE.search);
      return { suggestions: await services.search.suggestions(request.query.q ?? "") };
    },
  );
};
