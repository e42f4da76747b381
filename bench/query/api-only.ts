// The Fastify API alone (no Next), for measuring the catalogue routes:
// PORT=3420 DATABASE_URL=... npx tsx --import ./scripts/server-only-hook.mjs bench/query/api-only.ts
import { buildApi } from "@/api/app";
import { closeServices, getServices } from "@/server/services";

const services = await getServices();
await services.start(process.env.ADMIN_EMAIL ?? "admin@example.test");
const app = await buildApi({ services, rateLimit: 0, trustProxy: false });
await app.listen({ port: Number(process.env.PORT ?? 3420), host: "127.0.0.1" });
console.log("api listening");
const stop = async () => {
  await app.close();
  await closeServices();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
