import { sql } from "drizzle-orm";
import { it } from "vitest";
import { setupApi } from "./harness";
import { rowsOf } from "../../src/server/db";
import { answeredQuestionProductIds } from "../../src/server/reviews/questions";

const api = setupApi();

it("times the question look-up a search adds", async () => {
  const text = rowsOf<{ "QUERY PLAN": string }>(
    await api.handle.db.execute(sql`explain (analyze) select product_id from search_rank where product_id in ${answeredQuestionProductIds("esp32 wifi")} limit 200`),
  );
  console.log(text.map((r) => r["QUERY PLAN"]).join("\n"));
  const base: number[] = [];
  for (let i = 0; i < 15; i++) {
    const rows = rowsOf<{ "QUERY PLAN": unknown }>(await api.handle.db.execute(sql`explain (analyze, format json) select id from products where id = 1`));
    const raw = rows[0]?.["QUERY PLAN"];
    const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as { "Execution Time": number; "Planning Time": number }[];
    base.push(plan[0]!["Execution Time"] + plan[0]!["Planning Time"]);
  }
  base.sort((a, b) => a - b);
  console.log(`BENCH one product by id: median ${base[7]!.toFixed(3)} ms`);
  for (const q of ["arduino", "esp32 wifi", "zzqv"]) {
    const plans: number[] = [];
    for (let i = 0; i < 15; i++) {
      const rows = rowsOf<{ "QUERY PLAN": unknown }>(
        await api.handle.db.execute(sql`explain (analyze, format json) select product_id from search_rank where product_id in ${answeredQuestionProductIds(q)} limit 200`),
      );
      const raw = rows[0]?.["QUERY PLAN"];
      const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as { "Execution Time": number; "Planning Time": number }[];
      plans.push(plan[0]!["Execution Time"] + plan[0]!["Planning Time"]);
    }
    plans.sort((a, b) => a - b);
    console.log(`BENCH question look-up ${q}: median ${plans[7]!.toFixed(3)} ms (planning + execution)`);
  }
});
