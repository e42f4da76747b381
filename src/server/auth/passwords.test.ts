import { describe, expect, it } from "vitest";
import { passwordContext } from "@/lib/password-guessability";
import { boundedQueue, createPasswordHasher, HashingBusyError } from "./passwords";

describe("the bounded hashing queue", () => {
  it("runs at most `slots` tasks at once, lets `maxWaiting` wait, and refuses the rest at once as busy", async () => {
    const queue = boundedQueue(2, 3);
    const gates: (() => void)[] = [];
    let running = 0;
    let most = 0;
    const task = () =>
      queue.run(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => gates.push(resolve));
        running--;
        return "done";
      });
    const accepted = Array.from({ length: 5 }, task);
    expect(queue.load()).toEqual({ running: 2, waiting: 3 });
    expect(queue.full()).toBe(true);
    const refused = await Promise.allSettled(Array.from({ length: 4 }, task));
    expect(refused.every((r) => r.status === "rejected" && r.reason instanceof HashingBusyError && r.reason.code === "busy")).toBe(true);
    // finish them one by one: a waiting task takes each freed slot, never more than two run
    while (gates.length) {
      gates.shift()!();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(await Promise.all(accepted)).toEqual(["done", "done", "done", "done", "done"]);
    expect(most).toBe(2);
    expect(queue.load()).toEqual({ running: 0, waiting: 0 });
    expect(queue.full()).toBe(false);
  });

  it("frees the slot when a task fails", async () => {
    const queue = boundedQueue(1, 0);
    await expect(queue.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await queue.run(async () => 7)).toBe(7);
  });
});

describe("the guessability check in the hashing pool", () => {
  it("gives the shared rule's answer from a worker thread", async () => {
    const hasher = createPasswordHasher({ workers: 1 });
    try {
      const context = passwordContext({ companyName: "Kilima Electronics", fullName: "Neema Kweka" });
      expect(await hasher.guessable("Password123!", context)).toBe(true);
      expect(await hasher.guessable("Kweka2026!", context)).toBe(true);
      expect(await hasher.guessable("mti wa mwembe mkubwa", context)).toBe(false);
      // the longest password the forms take is checked too (on its first characters)
      expect(await hasher.guessable("tembo twiga kiboko ".repeat(6), context)).toBe(false);
    } finally {
      await hasher.close();
    }
  }, 60_000);
});

describe("the hash's cost", () => {
  it("is the shop's (scrypt N = 2^17, r = 8, p = 1) unless a test passes its own; a stored hash is checked at the cost it names", async () => {
    const shop = createPasswordHasher({ workers: 1 });
    const cheap = createPasswordHasher({ workers: 1, cost: { N: 2 ** 10, r: 8, p: 1 } });
    try {
      const strong = await shop.hash("mti wa mwembe mkubwa");
      expect(strong).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
      const weak = await cheap.hash("mti wa mwembe mkubwa");
      expect(weak).toMatch(/^scrypt\$1024\$8\$1\$/);
      // either hasher reads either hash by the parameters stored with it
      expect(await cheap.verify("mti wa mwembe mkubwa", strong)).toBe(true);
      expect(await shop.verify("mti wa mwembe mkubwa", weak)).toBe(true);
      expect(await shop.verify("mti wa mwembe mdogo", weak)).toBe(false);
    } finally {
      await shop.close();
      await cheap.close();
    }
  }, 60_000);
});
