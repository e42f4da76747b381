import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, OwnTransactionWaitError, type DbHandle } from "./client";
import { withTransaction } from "./transaction";

const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

describe("the embedded database inside one of its own transactions", () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openDatabase({ dataDir: "memory://", migrate: false });
  });
  afterAll(async () => {
    await handle.close();
  });

  it("refuses at once a query on the database itself, which would wait for the transaction forever", async () => {
    const { db } = handle;
    // Drizzle wraps a failed query's error; the transaction it opens is refused as it is
    const refusal = (error: unknown) => (error instanceof OwnTransactionWaitError ? error : (error as Error).cause);
    await expect(
      withTransaction(db, async (tx) => {
        await tx.execute(sql`select 1`);
        await db.execute(sql`select 1`);
      }).catch((error: unknown) => Promise.reject(refusal(error))),
    ).rejects.toBeInstanceOf(OwnTransactionWaitError);
    await expect(withTransaction(db, () => withTransaction(db, async () => undefined))).rejects.toBeInstanceOf(OwnTransactionWaitError);
  });

  it("runs the transaction's own queries, savepoints, and work it started that runs after it ended", async () => {
    const { db } = handle;
    let later: Promise<unknown> | null = null;
    const inside = await withTransaction(db, async (tx) => {
      const inner = await withTransaction(tx, (savepoint) => savepoint.execute(sql`select 2 as n`));
      later = new Promise((resolve) => setImmediate(resolve)).then(() => db.execute(sql`select 3 as n`));
      return rowsOf(inner);
    });
    expect(inside).toEqual([{ n: 2 }]);
    expect(rowsOf(await later!)).toEqual([{ n: 3 }]);
    // other requests, not inside the transaction, wait for it and go on
    const [first, second] = await Promise.all([
      withTransaction(db, async (tx) => {
        await new Promise((resolve) => setImmediate(resolve));
        return rowsOf(await tx.execute(sql`select 4 as n`));
      }),
      db.execute(sql`select 5 as n`).then(rowsOf),
    ]);
    expect(first).toEqual([{ n: 4 }]);
    expect(second).toEqual([{ n: 5 }]);
  });
});
