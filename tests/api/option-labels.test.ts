import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { productVariants, products } from "../../src/server/db/schema";
import { adminCookie, setupApi } from "./harness";

const api = setupApi();
let admin = "";

// the tests read nested JSON freely
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

beforeAll(async () => {
  admin = await adminCookie(api, "option-labels");
});

describe("options' words in Kiswahili", () => {
  it("come with a seeded product's options, and stay through an admin's change of options for what remains; the ids stay the catalogue's words", async () => {
    const [pla] = await api.handle.db.select({ id: products.id, sku: products.sku }).from(products).where(eq(products.sku, "KE-3DP-0003"));
    const shown = (await api.app.inject({ method: "GET", url: `/api/products/${pla!.id}` })).json() as Json;
    expect(shown.variant_config.labels.sw.Color).toMatchObject({ name: "Rangi", values: { Black: "Nyeusi", White: "Nyeupe" } });
    expect(shown.product_variants.map((v: Json) => v.combinationId)).toContain("Color:Black");

    // the admin keeps two colours and adds one the labels do not know
    const rows = await api.handle.db
      .select({ attributes: productVariants.attributes, sku: productVariants.sku, price: productVariants.price, stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.productId, pla!.id));
    const kept = rows.filter((r) => ["Black", "White"].includes(r.attributes.Color!));
    const variants = [...kept, { attributes: { Color: "Purple" }, sku: `${pla!.sku}-PUR-T`, price: kept[0]!.price, stock: 3 }];
    const res = await api.app.inject({
      method: "PUT",
      url: `/api/admin/products/${pla!.id}/variants`,
      headers: { cookie: admin, "content-type": "application/json" },
      payload: JSON.stringify({
        type: "simple",
        axes: [{ name: "Color", values: ["Black", "White", "Purple"] }],
        variants,
        reason: "Two colours left, one new",
      }),
    });
    expect(res.statusCode).toBe(200);
    const after = (await api.app.inject({ method: "GET", url: `/api/products/${pla!.id}` })).json() as Json;
    expect(after.variant_config.labels).toEqual({ sw: { Color: { name: "Rangi", values: { Black: "Nyeusi", White: "Nyeupe" } } } });
    expect(after.product_variants.map((v: Json) => v.combinationId).sort()).toEqual(["Color:Black", "Color:Purple", "Color:White"]);
  });
});
