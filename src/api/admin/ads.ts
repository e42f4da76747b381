import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AD_PLACEMENTS, AD_TITLE_MAX, AD_VIDEO_MAX_BYTES, isAdLink, isAdMedia } from "@/lib/advertisement";
import { requestMeta, type ApiContext } from "../context";
import { adminActor } from "../scopes";
import { idParams, text } from "@/lib/contract/fields";
import { readOneFile } from "../uploads";

const moment = (field: string) => z.iso.datetime({ offset: true, message: `${field} must be a date and time` }).nullable();

/** An ad as the admin sends it: its media must be a file uploaded here, of the kind it claims. */
const adInput = z
  .object({
    title: text("title", AD_TITLE_MAX, { min: 1, minMessage: "title is required" }).transform((v) => v.trim()),
    mediaType: z.enum(["image", "video"], { message: "mediaType must be image or video" }),
    mediaUrl: text("mediaUrl", 200).refine(isAdMedia, "mediaUrl must be a file uploaded for ads"),
    posterUrl: text("posterUrl", 200)
      .refine((v) => isAdMedia(v) && v.endsWith(".webp"), "posterUrl must be a picture uploaded for ads")
      .nullable()
      .default(null),
    linkUrl: text("linkUrl", 500).refine(isAdLink, "linkUrl must be a path of this shop (/...) or an https address").nullable().default(null),
    placement: z.enum(AD_PLACEMENTS, { message: `placement must be one of ${AD_PLACEMENTS.join(", ")}` }),
    active: z.boolean({ error: "active must be true or false" }),
    sortOrder: z.number({ error: "sortOrder must be a whole number" }).int("sortOrder must be a whole number").min(0).max(10_000),
    startsAt: moment("startsAt").default(null),
    endsAt: moment("endsAt").default(null),
  })
  .strict()
  .refine((ad) => (ad.mediaType === "video") === /\.(mp4|webm)$/.test(ad.mediaUrl), {
    message: "mediaUrl is not a file of that mediaType",
    path: ["mediaUrl"],
  });

/** Every ad of the shop: list, create, change, delete, and the uploads of their pictures and videos. */
export const adAdminRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  await app.register(multipart, { limits: { fileSize: AD_VIDEO_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 50 } });

  app.get("/ads", async () => ({ ads: await services.ads.adminList() }));

  app.post("/ads", { schema: { body: adInput } }, async (request, reply) =>
    reply.code(201).send(await services.ads.create(adminActor(request), request.body, requestMeta(request))),
  );

  app.put("/ads/:id", { schema: { params: idParams, body: adInput } }, async (request) =>
    services.ads.update(adminActor(request), request.params.id, request.body, requestMeta(request)),
  );

  app.delete("/ads/:id", { schema: { params: idParams } }, async (request, reply) => {
    await services.ads.remove(adminActor(request), request.params.id, requestMeta(request));
    return reply.code(204).send();
  });

  /** multipart with one field `file`: a picture (JPEG, PNG, WebP; stored as WebP) or a video (MP4, WebM) */
  app.post("/ads/media", async (request, reply) => {
    const file = await readOneFile(request, reply, `A file can be at most ${AD_VIDEO_MAX_BYTES / 1024 / 1024} MB`);
    if (!file) return reply;
    return reply.code(201).send(await services.ads.storeMedia(file.bytes));
  });
};
