/**
 * Runs in a worker thread of the password-hashing pool. The synchronous scrypt blocks only this
 * thread: it never takes a slot of libuv's shared thread pool, which file reads (static media,
 * the embedded database's files) and DNS need.
 */
import { scryptSync } from "node:crypto";

export interface HashTask {
  password: string;
  salt: Uint8Array;
  keyLength: number;
  N: number;
  r: number;
  p: number;
}

export default function run(task: HashTask): Uint8Array {
  const { N, r, p } = task;
  return scryptSync(task.password, task.salt, task.keyLength, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 });
}
