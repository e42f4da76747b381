import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import { IMPORT_MAX_BYTES, PICTURES_ZIP_MAX_BYTES } from "@/lib/catalog-import";
import {
  importIdParams,
  importQuerySchema,
  importResponseSchema,
  importsResponseSchema,
  picturesResponseSchema,
  undoResponseSchema,
} from "@/lib/contract/admin-imports";
import { requestMeta, type ApiContext } from "../context";
import { sendError } from "../errors";
import { adminActor } from "../scopes";
import { readOneFile } from "../uploads";

/** Uploads per admin in a quarter of an hour: a sheet's dry run and its import count as two. */
const IMPORTS_PER_WINDOW = 60;
const PICTURE_ZIPS_PER_WINDOW = 20;
const WINDOW_MS = 15 * 60_000;

/** Counted per admin (the scope knows who asks before any route hook runs), not per address. */
const perAdmin = (what: string) => (request: FastifyRequest) => `${what}:admin:${request.admin?.id ?? request.ip}`;

const fileName = (name: string, fallback: string) => name.replace(/[^\p{L}\p{N} ._-]/gu, "").slice(0, 100) || fallback;

/**
 * The catalogue import: a sheet of products (CSV or the first sheet of an XLSX workbook, up to
 * 10 MB and 20,000 lines) checked line by line and, unless it is a dry run, written as one batch;
 * a ZIP of pictures named by SKU; the batches, and the undo of one.
 */
export const importRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  // the larger of the two uploads here; each route checks its own
  await app.register(multipart, { limits: { fileSize: PICTURES_ZIP_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 50 } });

  app.post(
    "/products/import",
    {
      config: { rateLimit: { max: IMPORTS_PER_WINDOW, timeWindow: WINDOW_MS, keyGenerator: perAdmin("import") } },
      schema: { querystring: importQuerySchema, response: { 200: importResponseSchema } },
    },
    async (request, reply) => {
      const tooLarge = `A sheet can be at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB`;
      const file = await readOneFile(request, reply, tooLarge);
      if (!file) return reply;
      // the route's multipart limit is the larger pictures one
      if (file.bytes.length > IMPORT_MAX_BYTES) return sendError(reply, "too-large", tooLarge);
      const read = await services.sheetReader.read(file.bytes);
      if (!read.ok) return sendError(reply, "invalid-input", read.message, { line: read.line });
      const { dryRun, createCategories, skipRefused } = request.query;
      return services.catalogImport.importSheet(
        adminActor(request),
        { name: fileName(file.name, "upload.csv"), sheet: read.sheet },
        { dryRun: dryRun === "true", createCategories: createCategories === "true", skipRefused: skipRefused === "true" },
        requestMeta(request),
      );
    },
  );

  app.post(
    "/products/pictures",
    {
      config: { rateLimit: { max: PICTURE_ZIPS_PER_WINDOW, timeWindow: WINDOW_MS, keyGenerator: perAdmin("pictures") } },
      schema: { response: { 200: picturesResponseSchema } },
    },
    async (request, reply) => {
      const file = await readOneFile(request, reply, `A ZIP of pictures can be at most ${PICTURES_ZIP_MAX_BYTES / 1024 / 1024} MB`);
      if (!file) return reply;
      return services.pictureImport.importZip(adminActor(request), { name: fileName(file.name, "pictures.zip"), bytes: file.bytes }, requestMeta(request));
    },
  );

  app.get("/imports", { schema: { response: { 200: importsResponseSchema } } }, async () => ({ imports: await services.catalogImport.list() }));

  app.post("/imports/:id/undo", { schema: { params: importIdParams, response: { 200: undoResponseSchema } } }, async (request) => {
    return services.catalogImport.undo(adminActor(request), request.params.id, requestMeta(request));
  });
};
