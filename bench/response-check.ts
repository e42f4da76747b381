// npm run bench:response-check: what checking an answer against its response schema costs, per
// answer, on the listing's shape (20 products, the default page): the zod check plus JSON.stringify
// (what the API does now) against JSON.stringify alone (what it did before the contracts).
import { performance } from "node:perf_hooks";
import { safeEncode } from "zod/v4/core";
import { productsResponseSchema, type ProductsResponse } from "../src/lib/contract/catalog";

function product(id: number): ProductsResponse["products"][number] {
  const variants = id % 4 === 0;
  return {
    id,
    name: `Arduino-compatible board ${id} with USB-C and 32 KB flash`,
    slug: `arduino-compatible-board-${id}`,
    description: "A development board for makers and students: 14 digital pins, 6 analogue inputs, 16 MHz. ".repeat(4),
    image: `/media/products/${id.toString(16).padStart(8, "0")}-640.webp`,
    category: "Microcontrollers",
    category_slug: "microcontrollers",
    brand: "Kilimo Electronics",
    sku: `KE-${id}`,
    price: 25_000 + id,
    original_price: id % 3 === 0 ? 30_000 : 0,
    stock_quantity: id % 50,
    in_stock: id % 50 > 0,
    free_delivery: id % 2 === 0,
    same_day_delivery: id % 5 === 0,
    rating: 4.3,
    reviews: 120,
    sales_count: 431,
    created_at: "2026-11-01T08:00:00.000Z",
    updated_at: "2026-11-20T08:00:00.000Z",
    variant_config: variants ? { type: "simple", attributeOrder: ["Colour"] } : null,
    ...(variants
      ? {
          product_variants: ["Red", "Blue", "Green"].map((colour) => ({
            id: `${id}-${colour}`,
            combinationId: `Colour:${colour}`,
            sku: `KE-${id}-${colour}`,
            price: 25_000,
            stock: 5,
            attributes: { Colour: colour },
            multiValues: {},
            primaryValues: [],
          })),
        }
      : {}),
  };
}

const answer: ProductsResponse = {
  products: Array.from({ length: 20 }, (_, i) => product(i + 1)),
  pagination: { total: 414, totalIsEstimate: false, hasMore: true, limit: 20, offset: 0 },
};
const bytes = JSON.stringify(answer).length;

function perAnswerMicroseconds(work: () => void, rounds = 20_000): number {
  for (let i = 0; i < 2_000; i++) work();
  const started = performance.now();
  for (let i = 0; i < rounds; i++) work();
  return ((performance.now() - started) * 1000) / rounds;
}

const samples = { stringify: [] as number[], checked: [] as number[] };
for (let run = 0; run < 5; run++) {
  samples.stringify.push(perAnswerMicroseconds(() => JSON.stringify(answer)));
  samples.checked.push(
    perAnswerMicroseconds(() => {
      if (safeEncode(productsResponseSchema, answer).error) throw new Error("the sample breaks its schema");
      JSON.stringify(answer);
    }),
  );
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const plain = median(samples.stringify);
const checked = median(samples.checked);
console.log(`listing answer of 20 products (${bytes} bytes), median of 5 runs of 20,000:`);
console.log(`  JSON.stringify alone:          ${plain.toFixed(1)} µs`);
console.log(`  response schema check + JSON:  ${checked.toFixed(1)} µs (+${(checked - plain).toFixed(1)} µs per answer)`);
