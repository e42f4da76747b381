import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AD_VIDEO_MAX_BYTES } from "@/lib/advertisement";
import { adBodySchema, adMediaResponseSchema, adminAdSchema, adminAdsResponseSchema } from "@/lib/contract/admin-ads";
import { notJson } from "@/lib/contract/common";
import { idParams } from "@/lib/contract/fields";
import { requestMeta, type ApiContext } from "../context";
import { adminActor } from "../scopes";
import { readOneFile } from "../uploads";

/** Every ad of the shop: list, create, change, delete, and the uploads of their pictures and videos. */
export const adAdminRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  await app.register(multipart, { limits: { fileSize: AD_VIDEO_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 50 } });

  app.get("/ads", { schema: { response: { 200: adminAdsResponseSchema } } }, async () => ({ ads: await services.ads.adminList() }));

  app.post("/ads", { schema: { body: adBodySchema, response: { 201: adminAdSchema } } }, async (request, reply) =>
    reply.code(201).send(await services.ads.create(adminActor(request), request.body, requestMeta(request))),
  );

  app.put("/ads/:id", { schema: { params: idParams, body: adBodySchema, response: { 200: adminAdSchema } } }, async (request) =>
    services.ads.update(adminActor(request), request.params.id, request.body, requestMeta(request)),
  );

  app.delete("/ads/:id", { schema: { params: idParams, response: { 204: notJson("no body: the ad is gone") } } }, async (request, reply) => {
    await services.ads.remove(adminActor(request), request.params.id, requestMeta(request));
    return reply.code(204).send();
  });

  /** multipart with one field `file`: a picture (JPEG, PNG, WebP; stored as WebP) or a video (MP4, WebM) */
  app.post("/ads/media", { schema: { response: { 201: adMediaResponseSchema } } }, async (request, reply) => {
    const file = await readOneFile(request, reply, `A file can be at most ${AD_VIDEO_MAX_BYTES / 1024 / 1024} MB`);
    if (!file) return reply;
    return reply.code(201).send(await services.ads.storeMedia(file.bytes));
  });
};
