import type { FastifyError } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { NewsletterResponse } from "@/lib/api-contract";
import { NEWSLETTER_EMAIL_MAX, NEWSLETTER_TEXT } from "@/lib/newsletter";
import { hasForbiddenCharacter } from "@/lib/text";
import { CACHE } from "./cache-control";
import type { ApiContext } from "./context";
import { sendError } from "./errors";

/** A body of {email} is a few hundred bytes; anything far larger is not a sign-up. */
const BODY_LIMIT = 4096;

/**
 * The body of POST /api/newsletter: {email}, trimmed and lower-cased before it is checked, at most
 * 254 characters. Every failure (no body, not an object, not a string, bad address) carries the
 * one message the form shows.
 */
const newsletterRequestSchema = z.object(
  {
    email: z
      .string(NEWSLETTER_TEXT.invalidEmail)
      .refine((value) => !hasForbiddenCharacter(value), NEWSLETTER_TEXT.invalidEmail)
      .trim()
      .toLowerCase()
      .max(NEWSLETTER_EMAIL_MAX, NEWSLETTER_TEXT.invalidEmail)
      .pipe(z.email(NEWSLETTER_TEXT.invalidEmail)),
  },
  NEWSLETTER_TEXT.invalidEmail,
);

/**
 * POST /api/newsletter {email}: 201 for a new address, 200 with alreadySubscribed for one on the
 * list (case and surrounding spaces ignored), 400 with the one form message for anything else.
 * Cross-site posts are refused by the API's CSRF guard like every other write.
 */
export const newsletterRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("cache-control", CACHE.none);
  });

  // Body errors raised before the handler runs (empty or malformed JSON, a form-encoded or
  // oversized body) get the form's message too; everything else goes on to the API's handler.
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error.statusCode === 400 || error.statusCode === 413 || error.statusCode === 415) {
      return sendError(reply.header("cache-control", CACHE.none), "invalid-input", NEWSLETTER_TEXT.invalidEmail);
    }
    throw error;
  });

  app.post("/newsletter", { bodyLimit: BODY_LIMIT }, async (request, reply): Promise<NewsletterResponse> => {
    const parsed = newsletterRequestSchema.safeParse(request.body);
    if (!parsed.success) return sendError(reply, "invalid-input", NEWSLETTER_TEXT.invalidEmail);
    const { status } = await services.newsletter.subscribe(parsed.data.email, "footer");
    if (status === "already-subscribed") return { success: true, alreadySubscribed: true, message: NEWSLETTER_TEXT.alreadySubscribed };
    reply.code(201);
    return { success: true, message: NEWSLETTER_TEXT.subscribed };
  });
};
