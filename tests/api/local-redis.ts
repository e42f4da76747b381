import { execFileSync, spawnSync } from "node:child_process";
import net from "node:net";

const PORT = 6379;

function answers(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port: PORT });
    socket.setTimeout(1_000);
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (data) => {
      socket.destroy();
      resolve(data.toString().startsWith("+PONG"));
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/**
 * A Redis on loopback for the tests of shared state: the machine's own when it answers, else one
 * started here (installed from Debian's package first when missing, as root), keeping nothing on
 * disk. Throws (the test fails, it is never skipped) when none can be had.
 */
export async function ensureLocalRedis(): Promise<string> {
  if (await answers()) return `redis://127.0.0.1:${PORT}`;
  const installed = spawnSync("sh", ["-c", "command -v redis-server"]).status === 0;
  if (!installed) execFileSync("sh", ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server"], { stdio: "inherit" });
  execFileSync("redis-server", ["--port", String(PORT), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "yes"]);
  for (let i = 0; i < 50; i++) {
    if (await answers()) return `redis://127.0.0.1:${PORT}`;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Redis did not start on 127.0.0.1:${PORT}`);
}
