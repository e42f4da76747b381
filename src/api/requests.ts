import multipart from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sendRequestResponseSchema } from "@/lib/contract/requests";
import { GERBER_MAX_BYTES } from "@/server/requests/gerber-zip";
import { CACHE } from "./cache-control";
import { requestMeta, type ApiContext } from "./context";
import { sendError } from "./errors";
import { readSessionToken } from "./session-cookie";

/** 200 lines of 300 characters and a long message stay far below this. */
const BODY_LIMIT = 256 * 1024;
/** room for the multipart boundaries, part headers and the text fields around a 10 MB file */
const ENVELOPE_BYTES = 128 * 1024;
/** the text fields of the PCB form (name, email, phone, company, message, details) */
const PCB_FIELDS = new Set(["name", "email", "phone", "company", "message", "details"]);

const TEXTS = {
  notMultipart: "Send the request as multipart/form-data with its fields and one file named gerber",
  oneFile: "Send exactly one file, in the field named gerber",
  missingFile: "Add the Gerber ZIP in the field named gerber",
  tooLarge: "The Gerber ZIP may be at most 10 MB",
  unreadable: "The upload could not be read",
  details: "details must be JSON",
} as const;

function hasCode(error: unknown, ...codes: string[]): boolean {
  return typeof error === "object" && error !== null && codes.includes((error as { code?: string }).code ?? "");
}

/**
 * Requests sent through the shop's forms.
 * - POST /api/requests {kind, name, email, phone?, company?, message?, details}: 201 {reference}; a
 *   field that breaks a rule is 400 `validation` with `field` and `reason`; past the per-address or
 *   per-e-mail limit 429 `rate-limited` with Retry-After.
 * - POST /api/requests/pcb, multipart: the same fields (details as JSON text) and one file `gerber`,
 *   a ZIP of Gerber and drill files of at most 10 MB, streamed with that cap.
 * The admin's side (list, status, attachment) is in ./admin/requests.ts.
 */
export const requestRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  const secure = services.siteUrl.protocol === "https:";

  /** Who sends: the signed-in user's id when there is one (a request needs no account). */
  async function sender(request: FastifyRequest) {
    const user = await services.auth.currentUser(readSessionToken(request, secure)).catch(() => null);
    return { ...requestMeta(request), userId: user?.id ?? null };
  }

  app.addHook("onRequest", async (_request, reply) => {
    reply.header("cache-control", CACHE.none);
  });

  app.post("/requests", { bodyLimit: BODY_LIMIT, schema: { response: { 201: sendRequestResponseSchema } } }, async (request, reply) => {
    const result = await services.requests.submit(request.body, await sender(request));
    reply.code(201);
    return result;
  });

  await app.register(async (upload) => {
    await upload.register(multipart, {
      limits: { fileSize: GERBER_MAX_BYTES, files: 1, fields: PCB_FIELDS.size, parts: PCB_FIELDS.size + 1, fieldSize: 64 * 1024, headerPairs: 50 },
    });

    upload.post("/requests/pcb", { schema: { response: { 201: sendRequestResponseSchema } } }, async (request, reply) => {
      if (Number(request.headers["content-length"] ?? 0) > GERBER_MAX_BYTES + ENVELOPE_BYTES)
        return sendError(reply, "too-large", TEXTS.tooLarge, { field: "gerber", reason: "too-large" });
      if (!request.isMultipart()) return sendError(reply, "invalid-input", TEXTS.notMultipart);

      const fields: Record<string, string> = {};
      let file: Buffer | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === "file") {
            if (file || part.fieldname !== "gerber") {
              part.file.resume();
              return sendError(reply, "invalid-input", TEXTS.oneFile, { field: "gerber", reason: "one-file" });
            }
            file = await part.toBuffer();
            continue;
          }
          if (PCB_FIELDS.has(part.fieldname) && typeof part.value === "string") fields[part.fieldname] = part.value;
        }
      } catch (error) {
        if (hasCode(error, "FST_REQ_FILE_TOO_LARGE")) return sendError(reply, "too-large", TEXTS.tooLarge, { field: "gerber", reason: "too-large" });
        if (hasCode(error, "FST_FILES_LIMIT", "FST_PARTS_LIMIT", "FST_FIELDS_LIMIT"))
          return sendError(reply, "invalid-input", TEXTS.oneFile, { field: "gerber", reason: "one-file" });
        return sendError(reply, "invalid-input", TEXTS.unreadable);
      }
      let details: unknown;
      try {
        details = JSON.parse(fields.details ?? "null");
      } catch {
        return sendError(reply, "validation", TEXTS.details, { field: "details", reason: "invalid" });
      }
      if (!file || file.length === 0) return sendError(reply, "validation", TEXTS.missingFile, { field: "gerber", reason: "required" });
      const body = {
        kind: "service",
        name: fields.name ?? "",
        email: fields.email ?? "",
        ...(fields.phone ? { phone: fields.phone } : {}),
        ...(fields.company ? { company: fields.company } : {}),
        ...(fields.message !== undefined ? { message: fields.message } : {}),
        details: details && typeof details === "object" ? { ...details, service: "pcb" } : details,
      };
      const result = await services.requests.submit(body, await sender(request), { data: file });
      reply.code(201);
      return result;
    });
  });
};
