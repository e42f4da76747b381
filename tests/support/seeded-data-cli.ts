// tsx tests/support/seeded-data-cli.ts <DATA_DIR>: copies the tests' seeded demo shop into DATA_DIR
// (made first when this clone has none for the current code), for a server started on it (e2e).
import { copySeededData } from "./seeded-data";

const target = process.argv[2];
if (!target) {
  console.error("usage: tsx tests/support/seeded-data-cli.ts <DATA_DIR>");
  process.exit(2);
}
await copySeededData(target, console.log);
