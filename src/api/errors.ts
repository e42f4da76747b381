import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";

/** Every API error leaves as {error: "..."} with a 4xx status that says what was wrong. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const issue = first?.params?.issue as { path?: PropertyKey[]; message?: string } | undefined;
      const where = issue?.path?.length ? String(issue.path[0]) : first?.instancePath?.replace(/^\//, "");
      const message = issue?.message ?? first?.message ?? "Invalid request";
      const named = where && !message.toLowerCase().startsWith(where.toLowerCase()) ? `${where}: ${message}` : message;
      return reply.code(400).send({ error: named });
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      request.log.error({ err: error }, "unhandled API error");
      return reply.code(500).send({ error: "Internal server error" });
    }
    return reply.code(status).send({ error: error.message || "Bad request" });
  });
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ error: `No API route for ${request.method} ${request.url.split("?")[0]}` });
  });
}
