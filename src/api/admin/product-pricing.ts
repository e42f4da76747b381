import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { Same } from "@/lib/contract/common";
import { idParams } from "@/lib/contract/fields";
import { productPricingBodySchema, productPricingResponseSchema } from "@/lib/contract/price-breaks";
import type { ProductPricingInput } from "@/server/catalog/price-breaks";
import { requestMeta, type ApiContext } from "../context";
import { adminActor } from "../scopes";

/** The form's body and the answer are the service's pricing record (checked by the compiler, both ways). */
export const pricingBodyIsServiceInput: Same<z.output<typeof productPricingBodySchema>, ProductPricingInput> = true;
export const pricingAnswerIsServiceRecord: Same<z.output<typeof productPricingResponseSchema>, ProductPricingInput> = true;

/**
 * A product's prices by quantity and pack size: read, and replaced as a whole (a bad ladder answers
 * 400 `validation` with `field: "priceBreaks"`, the reason and the break's path).
 */
export const productPricingRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get("/products/:id/pricing", { schema: { params: idParams, response: { 200: productPricingResponseSchema } } }, async (request) =>
    services.productPricing.get(request.params.id),
  );
  app.put(
    "/products/:id/pricing",
    { schema: { params: idParams, body: productPricingBodySchema, response: { 200: productPricingResponseSchema } } },
    async (request) => services.productPricing.set(adminActor(request), request.params.id, request.body, requestMeta(request)),
  );
};
