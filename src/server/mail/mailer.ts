import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** extra header lines (e.g. List-Unsubscribe), name → value */
  headers?: Record<string, string>;
}

/** Hands one message to the mail system; throws when it could not (the outbox retries later). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * A mail server that accepts a connection and then says nothing must not hold a worker for the
 * library's default ten minutes: these bounds keep one send well inside the outbox's claim lease.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * SMTP when SMTP_URL is set; otherwise every message becomes an .eml file under the outbox folder
 * (and a log line), so a developer or a test can open the link without a mail server.
 */
export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string; log?: (line: string) => void }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS });
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await fs.mkdir(options.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${message.to.replace(/[^a-z0-9@._-]/gi, "_")}-${Math.random().toString(36).slice(2, 8)}.eml`;
      const file = path.join(options.outboxDir, name);
      await fs.writeFile(file, info.message as Buffer);
      options.log?.(`mail to ${message.to} ("${message.subject}") written to ${file}`);
    },
  };
}
