import type { FastifyInstance, RouteOptions } from "fastify";
import { safeEncode, type $ZodType } from "zod/v4/core";
import { errorBodySchema } from "@/lib/contract/common";

/**
 * How answers are checked against their route's response schema:
 * - "strict" (the tests): a mismatch is an error (the request answers 500 and the test fails), and
 *   a route under /api without a response schema stops the API from starting;
 * - "log" (production): a mismatch is logged once per route and problem, and the answer goes out
 *   unchanged. A person never gets a 500 for a contract slip, and no field is dropped. Checking a
 *   listing's answer costs more than writing it as JSON (bench/response-check.ts), so production
 *   checks the first answers of each route and then one in SAMPLE_EVERY: most slips show in
 *   every answer of a route, and one that shows only in some is still seen by the sample.
 */
export type ResponseCheck = "strict" | "log";

/** In "log" mode: every one of a route's first answers is checked, then one in this many. */
const CHECK_FIRST = 100;
const SAMPLE_EVERY = 50;

/** The default: strict under the test runner (or RESPONSE_CHECK=strict), logged otherwise. */
export function defaultResponseCheck(env: NodeJS.ProcessEnv = process.env): ResponseCheck {
  if (env.RESPONSE_CHECK === "strict" || env.RESPONSE_CHECK === "log") return env.RESPONSE_CHECK;
  return env.VITEST ? "strict" : "log";
}

export interface ResponseMismatch {
  method: string;
  url: string;
  status: string;
  /** the first few problems, each a path in the answer and what is wrong there (never the value) */
  problems: string[];
}

export class ResponseMismatchError extends Error {
  constructor(readonly mismatch: ResponseMismatch) {
    super(`The answer of ${mismatch.method} ${mismatch.url} (${mismatch.status}) breaks its contract: ${mismatch.problems.join("; ")}`);
    this.name = "ResponseMismatchError";
  }
}

/**
 * Installs the serializer that checks every JSON answer against its route's response schema and
 * sends the route's own value as JSON (the schema's parse is only a check: a field the schema does
 * not name still goes out). Also gives every route under /api an error schema for 4xx and 5xx
 * (`{error, code}`), and, in strict mode, refuses a route there without a response schema.
 */
export function installResponseCheck(app: FastifyInstance, mode: ResponseCheck): void {
  const logged = new Set<string>();
  app.setSerializerCompiler(({ schema, method, url, httpStatus }) => {
    const contract = schema as $ZodType;
    let answers = 0;
    return (data: unknown) => {
      answers++;
      const check = mode === "strict" || answers <= CHECK_FIRST || answers % SAMPLE_EVERY === 0;
      const checked = check ? safeEncode(contract, data) : null;
      if (checked?.error) {
        const mismatch: ResponseMismatch = {
          method,
          url,
          status: String(httpStatus),
          problems: checked.error.issues.slice(0, 5).map((issue) => `${issue.path.join(".") || "(answer)"}: ${issue.message}`),
        };
        if (mode === "strict") throw new ResponseMismatchError(mismatch);
        const key = `${method} ${url} ${httpStatus} ${mismatch.problems.join("|")}`;
        if (!logged.has(key) && logged.size < 1000) {
          logged.add(key);
          app.log.error({ contract: mismatch }, "an answer broke its response schema (sent unchanged)");
        }
      }
      return JSON.stringify(data);
    };
  });

  app.addHook("onRoute", (route: RouteOptions) => {
    if (!route.url.startsWith("/api/") && route.url !== "/metrics") return;
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (!response) {
      if (mode === "strict") throw new Error(`${[route.method].flat().join(",")} ${route.url} has no response schema`);
      return;
    }
    route.schema = { ...route.schema, response: { "4xx": errorBodySchema, "5xx": errorBodySchema, ...response } };
  });
}
