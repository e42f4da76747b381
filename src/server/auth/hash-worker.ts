/**
 * Runs in a worker thread of the password-hashing pool. The synchronous scrypt blocks only this
 * thread: it never takes a slot of libuv's shared thread pool, which file reads (static media,
 * the embedded database's files) and DNS need. The guessability check of a new password runs
 * here too: its estimate takes tens of milliseconds for a long password, which the event loop
 * should not spend.
 */
import { scryptSync } from "node:crypto";
import { assessPassword } from "@/lib/password-guessability";

export interface HashTask {
  password: string;
  salt: Uint8Array;
  keyLength: number;
  N: number;
  r: number;
  p: number;
}

export interface GuessabilityTask {
  password: string;
  /** the shop's and the person's words (passwordContext) */
  context: string[];
}

export default function run(task: HashTask): Uint8Array {
  const { N, r, p } = task;
  return scryptSync(task.password, task.salt, task.keyLength, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 });
}

/** True when the password is too easy to guess (the shared rule of src/lib/password-guessability). */
export function guessable(task: GuessabilityTask): boolean {
  return assessPassword(task.password, task.context).guessable;
}
