import { z } from "zod";
import type { Advertisement } from "../advertisement";
import type { Same } from "./common";
import { text } from "./fields";

/** The storefront's ads by placement, and how long each shows (/api/advertisements). */

/** GET /api/advertisements?placement= (products when absent) */
export const advertisementsQuerySchema = z.object({
  placement: text("placement", 40)
    .regex(/^[a-z0-9-]{1,40}$/, "placement must be a short lowercase name such as products")
    .default("products"),
});
export type AdvertisementsQuery = z.input<typeof advertisementsQuerySchema>;

/** An advertisement as the API answers it and the carousel shows it. */
export const advertisementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  media_type: z.enum(["image", "video"]),
  media_url: z.string(),
  poster_url: z.string().nullable(),
  link_url: z.string(),
});
export const advertisementIsAdvertisement: Same<z.output<typeof advertisementSchema>, Advertisement> = true;

/** GET /api/advertisements: the placement's active ads, in order. */
export const advertisementsResponseSchema = z.array(advertisementSchema);
export type AdvertisementsResponse = z.input<typeof advertisementsResponseSchema>;

/** GET /api/advertisements/rotation-time: seconds each ad shows. */
export const rotationTimeResponseSchema = z.object({ rotationTime: z.number().int() });
export type RotationTimeResponse = z.input<typeof rotationTimeResponseSchema>;
