import type { FastifyReply, FastifyRequest } from "fastify";
import { sessionUser } from "@/server/auth/sessions";
import type { Database } from "@/server/db";
import { getSiteSettings } from "@/server/settings/settings";
import { readSessionToken } from "./session-cookie";

/** The signed-in user, or a 401 {error} already sent (then null). */
export async function requireUser(db: Database, request: FastifyRequest, reply: FastifyReply) {
  const token = readSessionToken(request);
  const user = token ? await sessionUser(db, token, (await getSiteSettings(db)).security.sessionTimeout) : null;
  if (!user) {
    reply.code(401).send({ error: "Please sign in first" });
    return null;
  }
  return user;
}
