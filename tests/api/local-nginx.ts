import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** The repository's nginx site configuration, the one a deployment includes. */
export const SITE_CONF = path.join(process.cwd(), "deploy", "nginx", "storefront.conf");

/**
 * How long nginx leaves a server it could not reach out of its rotation (the upstream list's
 * `fail_timeout`, as docs/deploy.md sets it). A server started again takes traffic only after it,
 * once nginx's one trial request to it has succeeded.
 */
export const UPSTREAM_FAIL_TIMEOUT_S = 5;

export interface LocalNginx {
  /** nginx's address, http://127.0.0.1:<port> */
  front: string;
  /** nginx's error log so far (upstreams it gave up on, and why), for failure messages */
  errorLog(): string;
  stop(): Promise<void>;
}

/** Debian's nginx binary, installed (as root, nginx-light) when the machine lacks it. */
function ensureNginx(): string {
  const found = spawnSync("sh", ["-c", "command -v nginx || ls /usr/sbin/nginx"], { encoding: "utf8" }).stdout.trim().split("\n")[0];
  if (found) return found;
  execFileSync("sh", ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light"], { stdio: "inherit" });
  return "/usr/sbin/nginx";
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });

/**
 * nginx with the repository's site file as is (only its listening port moved to a free one), in
 * front of app servers on loopback `ports`, in a folder of its own; resolves once nginx answers.
 */
export async function startLocalNginx(ports: number[]): Promise<LocalNginx> {
  const binary = ensureNginx();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-nginx-"));
  const port = await freePort();
  const front = `http://127.0.0.1:${port}`;
  const errorLogFile = path.join(dir, "error.log");
  fs.writeFileSync(
    path.join(dir, "storefront-upstreams.conf"),
    ports.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=${UPSTREAM_FAIL_TIMEOUT_S}s;\n`).join(""),
  );
  const site = fs.readFileSync(SITE_CONF, "utf8").replace(/listen 8080;/, `listen 127.0.0.1:${port};`);
  fs.writeFileSync(path.join(dir, "storefront.conf"), site);
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${errorLogFile} warn;
events { worker_connections 1024; }
http {
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  include storefront.conf;
}
`,
  );
  execFileSync(binary, ["-t", "-p", dir, "-c", path.join(dir, "nginx.conf")], { stdio: "pipe" });
  const nginx = spawn(binary, ["-p", dir, "-c", path.join(dir, "nginx.conf")], { stdio: "ignore" });
  const exited = new Promise<void>((resolve) => nginx.once("exit", () => resolve()));
  const stop = async () => {
    if (nginx.exitCode === null && nginx.signalCode === null) nginx.kill("SIGQUIT");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  // none yet (nginx writes it at its first warning), or gone with the folder after stop()
  const errorLog = () => (fs.existsSync(errorLogFile) ? fs.readFileSync(errorLogFile, "utf8") : "");
  const end = Date.now() + 20_000;
  for (;;) {
    try {
      // any answer is nginx's (a 502 while no app server listens yet)
      await fetch(`${front}/api/health/live`);
      return { front, errorLog, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > end || nginx.exitCode !== null) {
      const log = errorLog();
      await stop();
      throw new Error(`nginx did not answer within 20 s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
