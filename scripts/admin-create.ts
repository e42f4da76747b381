// npm run admin:create -- --email someone@example.co.tz [--password 'Secret2026'] [--name 'Full Name']
// Creates an admin or promotes an existing account. Without --password a new account gets a
// generated one, printed once.
import { parseArgs } from "node:util";
import { createOrPromoteAdmin } from "@/server/auth/admin";
import { defaultPasswordHasher } from "@/server/auth/passwords";
import { openConfiguredDatabase, type DbHandle } from "@/server/db";

const { values } = parseArgs({ options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } } });
if (!values.email) {
  console.error("Usage: npm run admin:create -- --email someone@example.co.tz [--password 'Secret2026'] [--name 'Full Name']");
  process.exit(1);
}
let handle: DbHandle | undefined;
try {
  handle = await openConfiguredDatabase();
  const { db } = handle;
  const result = await createOrPromoteAdmin(db, values.email, { password: values.password, fullName: values.name });
  if (result.created) console.log(`Created admin ${values.email}${values.password ? "" : ` with the password: ${result.password}`}`);
  else console.log(`${values.email} is now an admin${values.password ? " with the new password" : ""}.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await handle?.close().catch(() => undefined);
  await defaultPasswordHasher().close();
}
