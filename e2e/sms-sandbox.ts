import fs from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";

/**
 * The SMS sandbox's files as the e2e specs read them: the shop under test writes each text it
 * sends as `DATA_DIR/sms-outbox/<time>-<id>.json` (written aside and renamed, so never half read).
 */

const smsDir = path.join(process.env.E2E_DATA_DIR ?? "", "sms-outbox");

export interface SandboxSms {
  channel: string;
  to: string;
  text: string;
  event: string;
  orderNumber?: string;
}

/** The newest SMS of an event to a number (E.164), waiting for the outbox to send it. */
export async function smsTo(e164: string, event: string): Promise<SandboxSms> {
  let found: SandboxSms | undefined;
  await expect
    .poll(
      () => {
        const files = fs.existsSync(smsDir)
          ? fs
              .readdirSync(smsDir)
              .filter((name) => name.endsWith(".json"))
              .sort()
              .reverse()
          : [];
        found = files
          .map((name) => JSON.parse(fs.readFileSync(path.join(smsDir, name), "utf8")) as SandboxSms)
          .find((sms) => sms.to === e164 && sms.event === event);
        return Boolean(found);
      },
      { timeout: 30_000, message: `an SMS (${event}) to ${e164}` },
    )
    .toBe(true);
  return found!;
}

/** The code of the newest one-time-code SMS to a number (its last line ends `#123456`). */
export async function codeSentTo(e164: string): Promise<string> {
  const sms = await smsTo(e164, "one-time-code");
  const code = /#(\d{6})\s*$/.exec(sms.text)?.[1];
  expect(code, `a code in the SMS to ${e164}`).toBeTruthy();
  return code!;
}
