import os from "node:os";
import { randomBytes, timingSafeEqual } from "node:crypto";
import { Piscina } from "piscina";
import { DomainError } from "../errors";
import type { GuessabilityTask, HashTask } from "./hash-worker";

/**
 * scrypt with OWASP's current minimum (N = 2^17, r = 8, p = 1: 128 MiB, ~0.3 s here), from Node's
 * own crypto: memory-hard, no native add-on to build. The parameters are stored with each hash so
 * they can be raised later.
 */
const COST = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

export interface PasswordHashingOptions {
  /** hashes computed at once (each holds 128 MiB while it runs) */
  workers?: number;
  /** hashes that may wait for a worker; past that, new ones are refused as busy */
  maxWaiting?: number;
  /**
   * The cost new hashes are made with. Not an environment setting: the shop always hashes at
   * COST. Only the API test suite passes a lower one, for the hundreds of accounts its files make
   * whose subject is not the hash (its own tests of hashing keep COST).
   */
  cost?: { N: number; r: number; p: number };
}

/** two at once by default (a third of a second each); more only on machines with cores to spare */
export const DEFAULT_HASH_WORKERS = Math.max(2, Math.min(4, os.availableParallelism() - 1));
/** about ten seconds of waiting at ~0.3 s a hash per worker: longer than that, "try again" is kinder */
export const DEFAULT_HASH_WAITING = 32;

export class HashingBusyError extends DomainError {
  constructor() {
    super("busy", "The server is busy checking passwords right now. Please try again in a few seconds.");
  }
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /** A real check against a hash of nothing, so an unknown address costs the same time as a wrong password. */
  burn(password: string): Promise<void>;
  /**
   * True when a new password is too easy to guess (src/lib/password-guessability, the rule the
   * forms' hint shows), against these words of the shop and the person (passwordContext). Run in
   * the pool, behind the same queue, since a long password's estimate takes tens of milliseconds.
   */
  guessable(password: string, context: string[]): Promise<boolean>;
  /** how many hashes run and wait right now */
  load(): { running: number; waiting: number };
  /** true when a new hash would be refused as busy */
  full(): boolean;
  close(): Promise<void>;
}

/**
 * A bounded queue in front of a slot-limited task: at most `slots` run at once, at most
 * `maxWaiting` wait in order, and anything beyond is refused at once (never an unbounded pile of
 * requests each about to allocate 128 MiB).
 */
export function boundedQueue(slots: number, maxWaiting: number, busy: () => Error = () => new HashingBusyError()) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < slots) running++;
      else if (waiting.length < maxWaiting) await new Promise<void>((resolve) => waiting.push(resolve));
      else throw busy();
      try {
        return await task();
      } finally {
        release();
      }
    },
    load: () => ({ running, waiting: waiting.length }),
    full: () => running >= slots && waiting.length >= maxWaiting,
  };
}

/**
 * Password hashing in its own small pool of worker threads, behind a bounded queue. scrypt is not
 * run on libuv's thread pool (Node's async `crypto.scrypt` would be): that pool has only four
 * threads for the whole process, and a burst of registrations there made static files and the
 * embedded database's file reads wait for seconds. A dedicated pool keeps the event loop and the
 * libuv pool free, and caps both CPU and memory (workers × 128 MiB). From sources (tsx, Vitest)
 * the worker is the TypeScript file, loaded through tsx; in the production bundle it is
 * dist/hash-worker.mjs.
 */
export function createPasswordHasher(options: PasswordHashingOptions = {}): PasswordHasher {
  const workers = Math.max(1, options.workers ?? DEFAULT_HASH_WORKERS);
  const queue = boundedQueue(workers, Math.max(0, options.maxWaiting ?? DEFAULT_HASH_WAITING));
  let pool: Piscina<HashTask | GuessabilityTask, Uint8Array | boolean> | null = null;
  const start = () => {
    const fromSource = import.meta.url.endsWith(".ts");
    const filename = new URL(fromSource ? "./hash-worker.ts" : "./hash-worker.mjs", import.meta.url).href;
    return new Piscina<HashTask | GuessabilityTask, Uint8Array | boolean>({
      filename,
      minThreads: 0,
      maxThreads: workers,
      // an idle worker gives its memory back after a minute
      idleTimeout: 60_000,
      execArgv: fromSource ? ["--import", "tsx"] : [],
    });
  };

  const derive = (password: string, salt: Buffer, cost: { N: number; r: number; p: number }) =>
    queue.run(async () => {
      pool ??= start();
      const key = (await pool.run({ password: password.normalize("NFKC"), salt: new Uint8Array(salt), keyLength: KEY_LENGTH, ...cost })) as Uint8Array;
      return Buffer.from(key);
    });

  const guessable = (password: string, context: string[]) =>
    queue.run(async () => {
      pool ??= start();
      const task: GuessabilityTask = { password, context };
      return (await pool.run(task, { name: "guessable" })) as boolean;
    });

  const cost = options.cost ?? COST;
  async function hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await derive(password, salt, cost);
    return `scrypt$${cost.N}$${cost.r}$${cost.p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
  }

  async function verify(password: string, stored: string): Promise<boolean> {
    const [scheme, n, r, p, salt, hashed] = stored.split("$");
    if (scheme !== "scrypt" || !salt || !hashed) return false;
    const expected = Buffer.from(hashed, "base64url");
    const key = await derive(password, Buffer.from(salt, "base64url"), { N: Number(n), r: Number(r), p: Number(p) });
    return key.length === expected.length && timingSafeEqual(key, expected);
  }

  let dummy: Promise<string> | null = null;
  return {
    hash,
    verify,
    guessable,
    async burn(password) {
      dummy ??= hash(randomBytes(12).toString("hex")).catch((error: unknown) => {
        dummy = null;
        throw error;
      });
      await verify(password, await dummy);
    },
    load: queue.load,
    full: queue.full,
    async close() {
      await pool?.destroy();
      pool = null;
    },
  };
}

let shared: PasswordHasher | null = null;
/** The process's hasher for callers outside the services (the admin script); the services build their own. */
export function defaultPasswordHasher(): PasswordHasher {
  shared ??= createPasswordHasher();
  return shared;
}
