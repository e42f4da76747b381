import { z } from "zod";
import { AD_PLACEMENTS, AD_TITLE_MAX, isAdLink, isAdMedia, type AdminAdvertisement, type AdminAdvertisementInput } from "../advertisement";
import type { Same } from "./common";
import { text } from "./fields";

/** Every ad of the shop as the admin keeps them: list, create, change, delete, and the uploads of their pictures and videos. */

const momentInput = (field: string) => z.iso.datetime({ offset: true, message: `${field} must be a date and time` }).nullable();

/** POST /api/admin/ads and PUT /api/admin/ads/{id}: its media must be a file uploaded here, of the kind it claims. */
export const adBodySchema = z
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
    startsAt: momentInput("startsAt").default(null),
    endsAt: momentInput("endsAt").default(null),
  })
  .strict()
  .refine((ad) => (ad.mediaType === "video") === /\.(mp4|webm)$/.test(ad.mediaUrl), {
    message: "mediaUrl is not a file of that mediaType",
    path: ["mediaUrl"],
  });
export type AdRequest = z.input<typeof adBodySchema>;
/** The ad the service receives, every default filled in. */
export const adBodyIsAdminAdvertisementInput: Same<z.output<typeof adBodySchema>, AdminAdvertisementInput> = true;

// ---- answers ------------------------------------------------------------------------------

const moment = z.iso.datetime({ offset: true });

/** An ad as the admin sees and edits it (every field, active or not). */
export const adminAdSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  mediaType: z.enum(["image", "video"]),
  mediaUrl: z.string(),
  posterUrl: z.string().nullable(),
  linkUrl: z.string().nullable(),
  placement: z.enum(AD_PLACEMENTS),
  active: z.boolean(),
  sortOrder: z.number().int(),
  startsAt: moment.nullable(),
  endsAt: moment.nullable(),
  updatedAt: moment,
});
export const adminAdIsAdminAdvertisement: Same<z.input<typeof adminAdSchema>, AdminAdvertisement> = true;

/** GET /api/admin/ads */
export const adminAdsResponseSchema = z.object({ ads: z.array(adminAdSchema) });
export type AdminAdsResponse = z.input<typeof adminAdsResponseSchema>;

/** POST /api/admin/ads/media (201; multipart, one field `file`): the stored file's kind and address */
export const adMediaResponseSchema = z.object({ mediaType: z.enum(["image", "video"]), mediaUrl: z.string() });
export type AdMediaResponse = z.input<typeof adMediaResponseSchema>;
