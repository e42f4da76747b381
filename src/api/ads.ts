import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AD_PLACEMENTS, AD_TITLE_MAX, AD_VIDEO_MAX_BYTES, isAdLink, isAdMedia } from "@/lib/advertisement";
import type { AdvertisementsResponse, RotationTimeResponse } from "@/lib/api-contract";
import { CACHE } from "./cache-control";
import { requestMeta, type ApiContext } from "./context";
import { requireAdmin } from "./current-user";
import { readOneFile } from "./uploads";
import { text } from "./schemas";

const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
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

export const adRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get(
    "/advertisements",
    {
      schema: {
        querystring: z.object({
          placement: text("placement", 40)
            .regex(/^[a-z0-9-]{1,40}$/, "placement must be a short lowercase name such as products")
            .default("products"),
        }),
      },
    },
    async (request, reply): Promise<AdvertisementsResponse> => {
      reply.header("cache-control", CACHE.none);
      return services.ads.list(request.query.placement);
    },
  );

  app.get("/advertisements/rotation-time", async (_request, reply): Promise<RotationTimeResponse> => {
    reply.header("cache-control", CACHE.none);
    return { rotationTime: await services.ads.rotationSeconds() };
  });

  // ---- the admin's side: every ad, create, change, delete, and uploads ----

  await app.register(async (scope) => {
    const admin = scope.withTypeProvider<ZodTypeProvider>();
    await admin.register(multipart, { limits: { fileSize: AD_VIDEO_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 50 } });
    admin.addHook("onSend", async (_request, reply) => {
      reply.header("cache-control", CACHE.none);
    });

    admin.get("/admin/ads", async (request) => {
      await requireAdmin(services, request);
      return { ads: await services.ads.adminList() };
    });

    admin.post("/admin/ads", { schema: { body: adInput } }, async (request, reply) => {
      const user = await requireAdmin(services, request);
      const ad = await services.ads.create({ id: user.id, email: user.email }, request.body, requestMeta(request));
      return reply.code(201).send(ad);
    });

    admin.put("/admin/ads/:id", { schema: { params: idParams, body: adInput } }, async (request) => {
      const user = await requireAdmin(services, request);
      return services.ads.update({ id: user.id, email: user.email }, request.params.id, request.body, requestMeta(request));
    });

    admin.delete("/admin/ads/:id", { schema: { params: idParams } }, async (request, reply) => {
      const user = await requireAdmin(services, request);
      await services.ads.remove({ id: user.id, email: user.email }, request.params.id, requestMeta(request));
      return reply.code(204).send();
    });

    /** multipart with one field `file`: a picture (JPEG, PNG, WebP; stored as WebP) or a video (MP4, WebM) */
    admin.post("/admin/ads/media", async (request, reply) => {
      await requireAdmin(services, request);
      const file = await readOneFile(request, reply, `A file can be at most ${AD_VIDEO_MAX_BYTES / 1024 / 1024} MB`);
      if (!file) return reply;
      return reply.code(201).send(await services.ads.storeMedia(file.bytes));
    });
  });
};
