import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { adminDatasheetResponseSchema, datasheetLinkBodySchema } from "@/lib/contract/datasheets";
import { idParams } from "@/lib/contract/fields";
import { DATASHEET_MAX_BYTES } from "@/lib/datasheets";
import { requestMeta, type ApiContext } from "../context";
import { adminActor } from "../scopes";
import { readOneFile } from "../uploads";

/** Uploads per minute from one address: a catalogue's worth of datasheets goes through, a runaway script does not. */
const UPLOADS_PER_MINUTE = 30;

/**
 * A product's datasheet, as the admin keeps it: a manufacturer's PDF uploaded (streamed, at most
 * DATASHEET_MAX_BYTES, a PDF by its first bytes, else 415) in place of the one it had or taken
 * off, the manufacturer's own link (https), and a spec sheet made afresh from the product's data.
 */
export const datasheetAdminRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  await app.register(multipart, { limits: { fileSize: DATASHEET_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 50 } });
  const response = { 200: adminDatasheetResponseSchema };

  app.get("/products/:id/datasheet", { schema: { params: idParams, response } }, async (request) => ({
    datasheet: await services.datasheets.of(request.params.id),
  }));

  /** multipart with one field `file`: the manufacturer's datasheet (PDF, up to 20 MB) */
  app.post(
    "/products/:id/datasheet",
    { config: { rateLimit: { max: UPLOADS_PER_MINUTE, timeWindow: 60_000 } }, schema: { params: idParams, response: { 201: adminDatasheetResponseSchema } } },
    async (request, reply) => {
      const file = await readOneFile(request, reply, `A datasheet can be at most ${DATASHEET_MAX_BYTES / 1024 / 1024} MB`);
      if (!file) return reply;
      const datasheet = await services.datasheets.upload(adminActor(request), request.params.id, file.bytes, requestMeta(request));
      return reply.code(201).send({ datasheet });
    },
  );

  app.delete("/products/:id/datasheet", { schema: { params: idParams, response } }, async (request) => ({
    datasheet: await services.datasheets.remove(adminActor(request), request.params.id, requestMeta(request)),
  }));

  app.put("/products/:id/datasheet/link", { schema: { params: idParams, body: datasheetLinkBodySchema, response } }, async (request) => ({
    datasheet: await services.datasheets.setManufacturerUrl(adminActor(request), request.params.id, request.body.manufacturerUrl, requestMeta(request)),
  }));

  app.post(
    "/products/:id/datasheet/generate",
    { config: { rateLimit: { max: UPLOADS_PER_MINUTE, timeWindow: 60_000 } }, schema: { params: idParams, response } },
    async (request) => ({
      datasheet: await services.datasheets.generate(adminActor(request), request.params.id, requestMeta(request)),
    }),
  );
};
