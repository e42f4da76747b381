import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notJson } from "@/lib/contract/common";
import { datasheetDownloadQuerySchema } from "@/lib/contract/datasheets";
import { productParamsSchema } from "@/lib/contract/catalog";
import { CACHE } from "./cache-control";
import type { ApiContext } from "./context";
import { sendError } from "./errors";

/**
 * GET /api/products/:id/datasheet: the product's datasheet PDF, as an attachment named after its
 * SKU (a PDF from an upload never opens as a page of the shop's own address). The address the
 * product carries names the file's version (`?v=`): asked with the current one the answer is
 * kept for good, since a replaced file gets a new version; otherwise for a minute.
 */
export const datasheetRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get(
    "/products/:id/datasheet",
    {
      schema: {
        params: productParamsSchema,
        querystring: datasheetDownloadQuerySchema,
        response: { 200: notJson("the datasheet (application/pdf), as an attachment") },
      },
    },
    async (request, reply) => {
      const file = await services.datasheets.download(request.params.id);
      if (!file) return sendError(reply, "not-found", `Product ${request.params.id} has no datasheet`);
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${file.fileName}"`)
        .header("x-content-type-options", "nosniff")
        .header("cache-control", request.query.v === file.version ? CACHE.immutable : CACHE.default)
        .header("etag", `"${file.version}"`)
        .header("content-length", file.length)
        .send(file.body);
    },
  );
};
