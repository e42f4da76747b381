import { describe, expect, it } from "vitest";
import { databaseFailure } from "./errors";

/** An error shaped like node-postgres's: an Error with the SQLSTATE in `code`. */
const pgError = (code: string, message = "failed") => Object.assign(new Error(message), { code });

describe("databaseFailure", () => {
  it("names a lock or statement time limit, a full pool and too many connections busy", () => {
    expect(databaseFailure(pgError("55P03", "canceling statement due to lock timeout"))?.code).toBe("busy");
    expect(databaseFailure(pgError("57014", "canceling statement due to statement timeout"))?.code).toBe("busy");
    expect(databaseFailure(pgError("53300", "sorry, too many clients already"))?.code).toBe("busy");
    expect(databaseFailure(new Error("timeout exceeded when trying to connect"))?.code).toBe("busy");
  });

  it("names an unreachable or departed database unavailable", () => {
    for (const code of ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "57P01", "57P03", "08006", "08001"]) {
      expect(databaseFailure(pgError(code))?.code, code).toBe("unavailable");
    }
    expect(databaseFailure(new Error("Connection terminated unexpectedly"))?.code).toBe("unavailable");
    expect(databaseFailure(new Error("Connection terminated due to connection timeout"))?.code).toBe("unavailable");
  });

  it("looks through the query wrapper to the driver's error", () => {
    const wrapped = new Error("Failed query: select 1", { cause: pgError("55P03") });
    expect(databaseFailure(wrapped)?.code).toBe("busy");
  });

  it("leaves every other failure alone (a 500, logged)", () => {
    expect(databaseFailure(pgError("23505", "duplicate key value violates unique constraint"))).toBeNull();
    expect(databaseFailure(pgError("42P01", 'relation "x" does not exist'))).toBeNull();
    expect(databaseFailure(new TypeError("x is undefined"))).toBeNull();
    expect(databaseFailure("text")).toBeNull();
    expect(databaseFailure(null)).toBeNull();
  });
});
