import { describe, expect, it } from "vitest";
import { pagedHref } from "./paged-href";

describe("pagedHref", () => {
  it("leaves out empty filters and the first page", () => {
    expect(pagedHref("/admin/orders", { status: undefined, q: "" }, 1)).toBe("/admin/orders");
    expect(pagedHref("/admin/orders", { status: "paid", q: null }, 1)).toBe("/admin/orders?status=paid");
  });

  it("keeps the filters' order, encodes them, and adds the page after them", () => {
    expect(pagedHref("/admin/products", { q: "relay 5v & more", stock: "low" }, 3)).toBe("/admin/products?q=relay+5v+%26+more&stock=low&page=3");
  });
});
