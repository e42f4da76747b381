import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { copySeededData } from "../support/seeded-data";
import { buildAll, buildIsCurrent, root } from "../../scripts/build-lib.mjs";

/** Builds the production bundle when the sources changed since the last build (about a minute). */
export async function ensureProductionBuild(): Promise<void> {
  if (!buildIsCurrent()) await buildAll();
}

/** Whether a TCP port on loopback can be listened on now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/**
 * A free TCP port on loopback, below the kernel's ephemeral range (32768 and up on Linux): a port
 * reserved here is often listened on only a minute later, after a build or a migration, and in the
 * ephemeral range any outgoing connection (to the database, between test servers) may be given it
 * meanwhile (EADDRINUSE at the server's start).
 */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 200; tries++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await canListen(port)) return port;
  }
  throw new Error("no free port between 20000 and 32000 on 127.0.0.1");
}

export interface ProductionServer {
  child: ChildProcess;
  base: string;
  /** what the process printed so far (stdout and stderr), for failure messages */
  output: () => string;
  /** SIGKILL: no shutdown handler runs, as when the machine or the OOM killer stops the shop */
  kill: () => Promise<void>;
  /** SIGTERM and wait for the exit */
  stop: () => Promise<void>;
}

/**
 * Starts dist/server.mjs (the production server) on loopback with the given database, and waits
 * until it answers; fails with the server's own output when it exits or does not answer in time.
 */
export async function startProductionServer(
  env: { DATA_DIR: string; DATABASE_URL?: string } & Record<string, string | undefined>,
  timeoutMs = 120_000,
  /** a port of its own (a restart on the same port, behind a proxy that lists it) */
  fixedPort?: number,
): Promise<ProductionServer> {
  const port = fixedPort ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  let output = "";
  const child = spawn(process.execPath, [path.join(root, "dist", "server.mjs")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: base,
      API_RATE_LIMIT: "0",
      LOG_LEVEL: "warn",
      ...env,
      DATABASE_URL: env.DATABASE_URL ?? "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const server: ProductionServer = {
    child,
    base,
    output: () => output,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      await server.kill();
    },
  };

  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before answering:\n${output}`);
    try {
      if ((await fetch(`${base}/api/categories`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await server.kill();
  throw new Error(`the server did not answer within ${timeoutMs / 1000} s:\n${output}`);
}

/** A new, empty database on the PostgreSQL server of `serverUrl`; drop() removes it. */
export function freshPostgresDatabase(serverUrl: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  return createDatabase(serverUrl, prefix, null);
}

/** A new database on the server, a copy of `templateUrl`'s (which must have no connection open). */
export function databaseFromTemplate(serverUrl: string, templateUrl: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  return createDatabase(serverUrl, prefix, new URL(templateUrl).pathname.slice(1));
}

async function createDatabase(serverUrl: string, prefix: string, template: string | null): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * A DATA_DIR under `work` holding a copy of the suite's seeded shop (and on PostgreSQL a new
 * database copied from the suite's template, with its pictures): a production server starts on it
 * without seeding or embedding, which cost a minute or two each. `drop` removes the database.
 */
export async function seededServerData(work: string, prefix: string): Promise<{ dataDir: string; databaseUrl?: string; drop: () => Promise<void> }> {
  const { seededTemplate } = inject("database");
  const dataDir = path.join(work, "data");
  if (!seededTemplate) {
    await copySeededData(dataDir);
    return { dataDir, drop: async () => undefined };
  }
  const copy = await databaseFromTemplate(process.env.TEST_DATABASE_URL!, seededTemplate.url, prefix);
  fs.cpSync(seededTemplate.mediaDir, path.join(dataDir, "media"), { recursive: true });
  return { dataDir, databaseUrl: copy.url, drop: copy.drop };
}
