import type { FastifyError } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { newsletterRequestSchema, newsletterResponseSchema, newsletterTokenSchema as tokenSchema } from "@/lib/contract/newsletter";
import { NEWSLETTER_TEXT } from "@/lib/newsletter";
import { CACHE } from "./cache-control";
import { requestMeta, type ApiContext } from "./context";
import { sendError } from "./errors";

/** A body of {email} or {token} is a few hundred bytes; anything far larger is not one of ours. */
const BODY_LIMIT = 4096;

/**
 * The newsletter with double opt-in.
 * - POST /api/newsletter {email}: 202 with the one "check your inbox" message for every valid
 *   address (new, unconfirmed or already subscribed: the answer reveals nothing; the mail says the
 *   rest), 400 with the one form message for anything else.
 * - POST /api/newsletter/confirm {token}: confirms the address of a confirmation link.
 * - POST /api/newsletter/unsubscribe {token}, or ?token=… with any body: removes the address. The
 *   second form is RFC 8058's one-click unsubscribe, which mail programs post as a form
 *   ("List-Unsubscribe=One-Click") to the URL of the List-Unsubscribe header.
 * Cross-site posts from browsers are refused by the API's CSRF guard like every other write (a mail
 * program's one-click post comes from its server, with no Origin and no cookie).
 */
export const newsletterRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("cache-control", CACHE.none);
  });

  await app.register(async (signUp) => {
    // Body errors raised before the handler runs (empty or malformed JSON, a form-encoded or
    // oversized body) get the form's message too; everything else goes on to the API's handler.
    signUp.setErrorHandler((error: FastifyError, _request, reply) => {
      if (error.statusCode === 400 || error.statusCode === 413 || error.statusCode === 415) {
        return sendError(reply.header("cache-control", CACHE.none), "invalid-input", NEWSLETTER_TEXT.invalidEmail);
      }
      throw error;
    });

    signUp.post("/newsletter", { bodyLimit: BODY_LIMIT, schema: { response: { 202: newsletterResponseSchema } } }, async (request, reply) => {
      const parsed = newsletterRequestSchema.safeParse(request.body);
      if (!parsed.success) return sendError(reply, "invalid-input", NEWSLETTER_TEXT.invalidEmail);
      await services.newsletter.subscribe(parsed.data.email, "footer", requestMeta(request));
      reply.code(202);
      return { success: true as const, message: NEWSLETTER_TEXT.subscribed };
    });
  });

  await app.register(async (links) => {
    // one-click unsubscribes arrive as forms (urlencoded or multipart); only the URL's token counts
    links.addContentTypeParser(
      ["application/x-www-form-urlencoded", "multipart/form-data"],
      { parseAs: "string", bodyLimit: BODY_LIMIT },
      (_request, body, done) => done(null, { form: body }),
    );

    /** The link's token: {token} in a JSON body, else ?token= in the URL (one-click). */
    const tokenOf = (request: { body: unknown; query: unknown }): string | null => {
      const fromBody = request.body && typeof request.body === "object" ? (request.body as Record<string, unknown>).token : undefined;
      const fromQuery = request.query && typeof request.query === "object" ? (request.query as Record<string, unknown>).token : undefined;
      const parsed = tokenSchema.safeParse(fromBody ?? fromQuery);
      return parsed.success ? parsed.data : null;
    };

    links.post("/newsletter/confirm", { bodyLimit: BODY_LIMIT, schema: { response: { 200: newsletterResponseSchema } } }, async (request, reply) => {
      const token = tokenOf(request);
      if (!token || !(await services.newsletter.confirm(token))) return sendError(reply, "invalid-token", NEWSLETTER_TEXT.confirmFailed);
      return { success: true as const, message: NEWSLETTER_TEXT.confirmed };
    });

    links.post("/newsletter/unsubscribe", { bodyLimit: BODY_LIMIT, schema: { response: { 200: newsletterResponseSchema } } }, async (request, reply) => {
      const token = tokenOf(request);
      if (!token || !(await services.newsletter.unsubscribe(token))) return sendError(reply, "invalid-token", NEWSLETTER_TEXT.unsubscribeFailed);
      return { success: true as const, message: NEWSLETTER_TEXT.unsubscribed };
    });
  });
};
