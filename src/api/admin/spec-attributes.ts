import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import {
  adminSpecAttributeSchema,
  attributeDeleteQuerySchema,
  attributeDeleteResponseSchema,
  attributeOrderBodySchema,
  attributeOrderResponseSchema,
  attributeParams,
  categoryAttributesResponseSchema,
  categoryParams,
  droppedSpecSchema,
  specAttributeBodySchema,
} from "@/lib/contract/admin-specs";
import type { Same } from "@/lib/contract/common";
import type { DroppedSpec, SpecAdmin } from "@/server/specs/admin";
import { requestMeta, type ApiContext } from "../context";
import { adminActor } from "../scopes";

/** The answers are the service's records (checked by the compiler, both ways). */
export const categoryAttributesAreServiceList: Same<z.output<typeof categoryAttributesResponseSchema>, Awaited<ReturnType<SpecAdmin["list"]>>> = true;
export const attributeDeleteIsServiceAnswer: Same<z.output<typeof attributeDeleteResponseSchema>, Awaited<ReturnType<SpecAdmin["remove"]>>> = true;
export const droppedSpecIsDroppedSpec: Same<z.output<typeof droppedSpecSchema>, DroppedSpec> = true;

/** A category's attribute definitions: list, create, change, reorder, delete (refused while products carry values, unless force). */
export const specAttributeRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get("/categories/:id/attributes", { schema: { params: categoryParams, response: { 200: categoryAttributesResponseSchema } } }, async (request) =>
    services.specAdmin.list(request.params.id),
  );
  app.post(
    "/categories/:id/attributes",
    { schema: { params: categoryParams, body: specAttributeBodySchema, response: { 201: adminSpecAttributeSchema } } },
    async (request, reply) => reply.code(201).send(await services.specAdmin.create(adminActor(request), request.params.id, request.body, requestMeta(request))),
  );
  app.post(
    "/categories/:id/attributes/order",
    { schema: { params: categoryParams, body: attributeOrderBodySchema, response: { 200: attributeOrderResponseSchema } } },
    async (request) => ({ attributes: await services.specAdmin.reorder(adminActor(request), request.params.id, request.body.ids, requestMeta(request)) }),
  );
  app.put(
    "/categories/:id/attributes/:attributeId",
    { schema: { params: attributeParams, body: specAttributeBodySchema, response: { 200: adminSpecAttributeSchema } } },
    async (request) => services.specAdmin.update(adminActor(request), request.params.id, request.params.attributeId, request.body, requestMeta(request)),
  );
  app.delete(
    "/categories/:id/attributes/:attributeId",
    { schema: { params: attributeParams, querystring: attributeDeleteQuerySchema, response: { 200: attributeDeleteResponseSchema } } },
    async (request) =>
      services.specAdmin.remove(
        adminActor(request),
        request.params.id,
        request.params.attributeId,
        { force: request.query.force === "true" },
        requestMeta(request),
      ),
  );
};
