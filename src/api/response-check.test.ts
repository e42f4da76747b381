import Fastify from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { installErrorHandling } from "./errors";
import { installResponseCheck, type ResponseCheck } from "./response-check";

/** A tiny API with one route whose answer breaks its schema when asked to. */
async function appWith(mode: ResponseCheck) {
  const logged: unknown[] = [];
  const app = Fastify({ logger: { level: "error", stream: { write: (line: string) => logged.push(JSON.parse(line)) } } });
  app.setValidatorCompiler(validatorCompiler);
  installResponseCheck(app, mode);
  installErrorHandling(app);
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/thing",
    { schema: { querystring: z.object({ broken: z.string().optional() }), response: { 200: z.object({ price: z.number().int() }) } } },
    // a slip the compiler would catch, made here on purpose to see the run-time check
    async (request) => (request.query.broken ? { price: "12", extra: 1 } : { price: 12, extra: 1 }) as unknown as { price: number },
  );
  await app.ready();
  return { app, logged };
}

describe("answers checked against their response schema", () => {
  it("sends a conforming answer as the route made it, fields the schema does not name included", async () => {
    const { app } = await appWith("strict");
    const res = await app.inject({ url: "/api/thing" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ price: 12, extra: 1 });
  });

  it("fails a mismatch in strict mode (the tests): a 500 {error, code}", async () => {
    const { app } = await appWith("strict");
    const res = await app.inject({ url: "/api/thing?broken=1" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: "internal" });
  });

  it("logs a mismatch once in production and sends the answer unchanged", async () => {
    const { app, logged } = await appWith("log");
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({ url: "/api/thing?broken=1" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ price: "12", extra: 1 });
    }
    const mismatches = logged.filter((line) => (line as { contract?: unknown }).contract);
    expect(mismatches).toHaveLength(1);
    expect(mismatches[0]).toMatchObject({ contract: { method: "GET", url: "/api/thing", status: "200", problems: [expect.stringContaining("price")] } });
  });

  it("checks error answers too: every refusal is {error, code}", async () => {
    const { app } = await appWith("strict");
    const res = await app.inject({ url: "/api/nothing-here" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: "not-found" });
  });
});
