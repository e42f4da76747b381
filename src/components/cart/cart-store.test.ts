import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "@/lib/api-client";
import { EMPTY_CART, type Cart } from "@/lib/guest-cart";
import { refreshServerCart, serverCart, showServerCart } from "./cart-store";

const cartOf = (count: number): Cart => ({ ...EMPTY_CART, totals: { subtotal: 0, total_items: count } });

/** api.cart.get answered by hand, in the order a test chooses. */
function heldReads() {
  const answers: ((cart: Cart) => void)[] = [];
  vi.spyOn(api.cart, "get").mockImplementation(() => new Promise<Cart>((resolve) => answers.push(resolve)) as ReturnType<typeof api.cart.get>);
  return answers;
}

afterEach(() => {
  vi.restoreAllMocks();
  serverCart.set(null);
});

describe("the server cart shown in the browser", () => {
  it("keeps a change shown after a read started before it (quick taps on /cart)", async () => {
    const answers = heldReads();
    serverCart.set(cartOf(2));
    const before = refreshServerCart();
    showServerCart(cartOf(1));
    answers[0]!(cartOf(2));
    await before;
    expect(serverCart.get()?.totals.total_items).toBe(1);
    // the change's own read, started after it, is shown
    const after = refreshServerCart();
    answers[1]!(cartOf(1));
    await after;
    expect(serverCart.get()?.totals.total_items).toBe(1);
  });

  it("shows the newest read when answers arrive out of order", async () => {
    const answers = heldReads();
    const first = refreshServerCart();
    const second = refreshServerCart();
    answers[1]!(cartOf(3));
    await second;
    answers[0]!(cartOf(2));
    await first;
    expect(serverCart.get()?.totals.total_items).toBe(3);
  });

  it("a read with nothing after it is shown", async () => {
    const answers = heldReads();
    const read = refreshServerCart();
    answers[0]!(cartOf(5));
    await read;
    expect(serverCart.get()?.totals.total_items).toBe(5);
  });
});
