import type { FastifyError } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { NEWSLETTER_TEXT } from "@/lib/newsletter";
import { newsletterRequestSchema, subscribe } from "@/server/newsletter/newsletter";
import { CACHE } from "./cache-control";
import type { ApiContext } from "./context";

/** A body of {email} is a few hundred bytes; anything far larger is not a sign-up. */
const BODY_LIMIT = 4096;

/**
 * POST /api/newsletter {email}: 201 for a new address, 200 with alreadySubscribed for one on the
 * list (case and surrounding spaces ignored), 400 with the one form message for anything else.
 * No cookies are read or set, so there is no CSRF token yet: a cross-site page can only send JSON
 * here after a CORS preflight, which this API does not answer. Protection comes with the accounts
 * work (sessions and CSRF); double opt-in needs outgoing e-mail, which the shop does not send yet.
 */
export const newsletterRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { db }) => {
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("cache-control", CACHE.none);
  });

  // Body errors raised before the handler runs (empty or malformed JSON, a form-encoded or
  // oversized body) get the form's message too; everything else goes on to the API's handler.
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error.statusCode === 400 || error.statusCode === 413 || error.statusCode === 415) {
      return reply.code(400).header("cache-control", CACHE.none).send({ error: NEWSLETTER_TEXT.invalidEmail });
    }
    throw error;
  });

  app.post("/newsletter", { bodyLimit: BODY_LIMIT }, async (request, reply) => {
    const parsed = newsletterRequestSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: NEWSLETTER_TEXT.invalidEmail });
    const { status } = await subscribe(await db(), parsed.data.email, "footer");
    if (status === "already-subscribed") {
      return reply.code(200).send({ success: true, alreadySubscribed: true, message: NEWSLETTER_TEXT.alreadySubscribed });
    }
    return reply.code(201).send({ success: true, message: NEWSLETTER_TEXT.subscribed });
  });
};
