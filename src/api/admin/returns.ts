import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  adminReturnResponseSchema,
  adminReturnsQuerySchema,
  adminReturnsResponseSchema,
  decideReturnRequestSchema,
  productWarrantyRequestSchema,
  productWarrantyResponseSchema,
  refuseReturnRequestSchema,
  returnNumberParamsSchema,
  returnStepRequestSchema,
} from "@/lib/contract/returns";
import { idParams } from "@/lib/contract/fields";
import { requestMeta, type ApiContext } from "../context";
import { adminActor } from "../scopes";

/**
 * The admin's side of returns and warranty claims (src/server/returns): the list (requested first),
 * a return, and its steps: approve, refuse with a reason, received, inspected, then a decision and
 * the stock's way per line (POST …/decide; a refund or store credit asks the second factor again).
 * The shopper's request is in ../returns.ts.
 */
export const returnAdminRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get("/returns", { schema: { querystring: adminReturnsQuerySchema, response: { 200: adminReturnsResponseSchema } } }, async (request) =>
    services.returns.adminList(request.query),
  );

  app.get("/returns/:number", { schema: { params: returnNumberParamsSchema, response: { 200: adminReturnResponseSchema } } }, async (request) => ({
    return: await services.returns.adminGet(request.params.number),
  }));

  const step = { params: returnNumberParamsSchema, body: returnStepRequestSchema, response: { 200: adminReturnResponseSchema } };

  app.post("/returns/:number/approve", { schema: step }, async (request) => ({
    return: await services.returns.approve(adminActor(request), request.params.number, request.body.note?.trim() || null, requestMeta(request)),
  }));

  app.post(
    "/returns/:number/refuse",
    { schema: { params: returnNumberParamsSchema, body: refuseReturnRequestSchema, response: { 200: adminReturnResponseSchema } } },
    async (request) => ({ return: await services.returns.refuse(adminActor(request), request.params.number, request.body.reason, requestMeta(request)) }),
  );

  app.post("/returns/:number/receive", { schema: step }, async (request) => ({
    return: await services.returns.receive(adminActor(request), request.params.number, request.body.note?.trim() || null, requestMeta(request)),
  }));

  app.post("/returns/:number/inspect", { schema: step }, async (request) => ({
    return: await services.returns.inspect(adminActor(request), request.params.number, request.body.note?.trim() || null, requestMeta(request)),
  }));

  app.post(
    "/returns/:number/decide",
    { schema: { params: returnNumberParamsSchema, body: decideReturnRequestSchema, response: { 200: adminReturnResponseSchema } } },
    async (request) => ({ return: await services.returns.decide(adminActor(request), request.params.number, request.body, requestMeta(request)) }),
  );

  /** A product's warranty, set on the admin's product page (a claim within it after the return window is a warranty claim). */
  app.put(
    "/products/:id/warranty",
    { schema: { params: idParams, body: productWarrantyRequestSchema, response: { 200: productWarrantyResponseSchema } } },
    async (request) => services.returns.setWarranty(adminActor(request), request.params.id, request.body.warrantyDays, requestMeta(request)),
  );
};
