// tsx tests/support/seeded-data-cli.ts [DATA_DIR]: makes the tests' seeded demo shop when this
// clone has none for the current code, and copies it into DATA_DIR when one is given (the e2e
// server's data folder).
import { copySeededData, seededDataDir } from "./seeded-data";

const target = process.argv[2];
if (target) await copySeededData(target, console.log);
else console.log(`Seeded data for the tests: ${await seededDataDir(console.log)}`);
