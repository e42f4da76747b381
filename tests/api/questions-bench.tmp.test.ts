import { it } from "vitest";
import { setupApi } from "./harness";
import { invalidateTags } from "../../src/server/cache/tagged-cache";

const api = setupApi();

it("times searches", async () => {
  for (const q of ["arduino", "resistor 10k", "esp32 wifi", "zzqv"]) {
    await api.app.inject({ method: "GET", url: `/api/products?search=${encodeURIComponent(q)}&limit=24` });
  }
  for (const q of ["arduino", "resistor 10k", "esp32 wifi", "sensor", "zzqv"]) {
    const times: number[] = [];
    for (let i = 0; i < 30; i++) {
      // a new word each time so neither the search cache nor the page cache answers
      invalidateTags("catalog");
      const began = performance.now();
      await api.services.catalog.list({ search: `${q}`, limit: 24, offset: 0 });
      times.push(performance.now() - began);
    }
    times.sort((a, b) => a - b);
    console.log(`BENCH ${q}: median ${times[15]!.toFixed(2)} ms, p90 ${times[27]!.toFixed(2)} ms`);
  }
});
