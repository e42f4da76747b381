// The shop's mail outbox folder (DATA_DIR/outbox, where mail goes without an SMTP server), read by
// the browser tests and the benchmarks: the first link matching a pattern in the newest mail to an
// address, quoted-printable soft breaks and "=3D" undone.
import fs from "node:fs";
import path from "node:path";

/** The first match of `pattern` in the newest mail to `email` in `outbox` that has one, or null (no waiting). */
export function linkInOutbox(outbox, email, pattern) {
  const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort().reverse() : [];
  for (const file of files) {
    const text = fs
      .readFileSync(path.join(outbox, file), "utf8")
      .replace(/=\r?\n/g, "")
      .replace(/=3D/g, "=");
    if (!text.includes(`To: ${email}`)) continue;
    const match = pattern.exec(text);
    if (match) return match[0];
  }
  return null;
}

/** A link to `pathName` carrying a token (?token=…), as the shop's mails write it. */
export const tokenLinkPattern = (pathName) => new RegExp(`https?://[^\\s]+${pathName}\\?token=[A-Za-z0-9_-]+`);
