import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { MessageChannel, MessageProvider, OutgoingMessage, SendReceipt } from "./providers";

/** What the sandbox writes for one message: exactly these fields, so scripts and tests can read them. */
export interface SandboxMessageFile {
  channel: MessageChannel;
  to: string;
  text: string;
  event: string;
  orderNumber?: string;
  createdAt: string;
}

export interface SandboxMessageProvider extends MessageProvider {
  readonly name: "sandbox";
  /** the folder the messages are written to: `<dataDir>/<channel>-outbox` */
  readonly dir: string;
  /** Deletes the files of messages written before `before`; answers how many went. */
  prune(before: Date): Promise<number>;
}

/** The sandbox's folder for a channel's messages under the data folder. */
export function sandboxOutboxDir(dataDir: string, channel: MessageChannel): string {
  return path.join(dataDir, `${channel}-outbox`);
}

/**
 * The built-in provider for a channel when no real one is configured (and in tests): each message
 * becomes a JSON file `<dataDir>/<channel>-outbox/<time>-<id>.json` (and a log line) that a
 * developer, a test or the admin page reads. Nothing reaches a phone.
 */
export function createSandboxProvider(channel: MessageChannel, dataDir: string, log?: (line: string) => void): SandboxMessageProvider {
  const dir = sandboxOutboxDir(dataDir, channel);
  return {
    name: "sandbox",
    channel,
    dir,
    async send(message: OutgoingMessage): Promise<SendReceipt> {
      const now = new Date();
      const record: SandboxMessageFile = {
        channel,
        to: message.to,
        text: message.text,
        event: message.event,
        ...(message.orderNumber ? { orderNumber: message.orderNumber } : {}),
        createdAt: now.toISOString(),
      };
      await fs.mkdir(dir, { recursive: true });
      // the time first, so a listing sorts oldest first; the outbox id makes the name unique
      const file = path.join(dir, `${now.toISOString().replace(/[:.]/g, "-")}-${message.id}.json`);
      // written aside and renamed into place: a reader (the admin page, a test) never sees half a file
      await fs.writeFile(`${file}.part`, `${JSON.stringify(record, null, 2)}\n`);
      await fs.rename(`${file}.part`, file);
      log?.(`${channel} ${message.event} to ${message.to} written to ${file}`);
      return { providerMessageId: `sandbox-${channel}-${message.id}-${randomBytes(4).toString("hex")}` };
    },
    async prune(before: Date): Promise<number> {
      const names = await fs.readdir(dir).catch(() => [] as string[]);
      let removed = 0;
      for (const name of names) {
        if (!name.endsWith(".json")) continue;
        const file = path.join(dir, name);
        const stat = await fs.stat(file).catch(() => null);
        if (stat && stat.mtime < before) {
          await fs.rm(file, { force: true });
          removed++;
        }
      }
      return removed;
    },
  };
}

/** The sandbox for both channels. */
export function createSandboxProviders(dataDir: string, log?: (line: string) => void): { sms: SandboxMessageProvider; whatsapp: SandboxMessageProvider } {
  return { sms: createSandboxProvider("sms", dataDir, log), whatsapp: createSandboxProvider("whatsapp", dataDir, log) };
}
