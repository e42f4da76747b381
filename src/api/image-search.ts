import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { imageSearchResponseSchema } from "@/lib/contract/image-search";
import { IMAGE_MAX_BYTES } from "@/lib/image-upload";
import { IMAGE_TEXTS } from "@/server/image-search/decode";
import { CACHE } from "./cache-control";
import type { ApiContext } from "./context";
import { sendError } from "./errors";

export const MAX_IMAGE_UPLOAD_BYTES = IMAGE_MAX_BYTES;
/** room for the multipart boundaries and part headers around a 10 MB file */
const ENVELOPE_BYTES = 64 * 1024;

const TEXTS = {
  notMultipart: "Send the picture as multipart/form-data with one field named image",
  oneFile: "Send exactly one picture, in the field named image",
  unreadable: "The upload could not be read",
} as const;

function hasCode(error: unknown, ...codes: string[]): boolean {
  return typeof error === "object" && error !== null && codes.includes((error as { code?: string }).code ?? "");
}

/**
 * POST /api/image-search, multipart with one field `image`: the products that look most like the
 * picture, best first, and the keywords they were understood as. The upload is streamed with a
 * 10 MB cap (never buffered past it) and kept in memory; decoding happens in the worker pool.
 */
export const imageSearchRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_UPLOAD_BYTES, files: 2, fields: 2, parts: 3, fieldSize: 1024, headerPairs: 50 },
  });

  app.post(
    "/image-search",
    // Decoding a photo costs far more than a list query: a tighter allowance per address (still
    // room for the many shoppers one mobile carrier puts behind a single address).
    { config: { rateLimit: { max: 120, timeWindow: 60_000 } }, schema: { response: { 200: imageSearchResponseSchema } } },
    async (request, reply) => {
      reply.header("cache-control", CACHE.none);
      if (Number(request.headers["content-length"] ?? 0) > MAX_IMAGE_UPLOAD_BYTES + ENVELOPE_BYTES) return sendError(reply, "too-large", IMAGE_TEXTS.tooLarge);
      if (!request.isMultipart()) return sendError(reply, "invalid-input", TEXTS.notMultipart);

      let image: Buffer | null = null;
      try {
        for await (const part of request.parts()) {
          if (image || part.type !== "file" || part.fieldname !== "image") {
            if (part.type === "file") part.file.resume();
            return part.type === "file" || image ? sendError(reply, "invalid-input", TEXTS.oneFile) : sendError(reply, "not-an-image", IMAGE_TEXTS.notAnImage);
          }
          image = await part.toBuffer();
        }
      } catch (error) {
        if (hasCode(error, "FST_REQ_FILE_TOO_LARGE")) return sendError(reply, "too-large", IMAGE_TEXTS.tooLarge);
        if (hasCode(error, "FST_FILES_LIMIT", "FST_PARTS_LIMIT", "FST_FIELDS_LIMIT")) return sendError(reply, "invalid-input", TEXTS.oneFile);
        return sendError(reply, "invalid-input", TEXTS.unreadable);
      }
      if (!image || image.length === 0) return sendError(reply, "not-an-image", IMAGE_TEXTS.notAnImage);
      // refusals (not an image, damaged, too many pixels, a full queue) are domain errors with codes
      return services.imageSearch.search(image);
    },
  );
};
