import type { Mailer } from "@/server/auth/mailer";
import type { Database } from "@/server/db";
import type { ImageSearch } from "@/server/image-search/image-search";

/** What every API plugin is given: the process's database (opened lazily, shared with Next). */
export interface ApiContext {
  db: () => Promise<Database>;
  mailer: Mailer;
  /** the shop's public origin: links in e-mails, and https decides the Secure cookie */
  siteUrl: URL;
  /** failed sign-ins allowed from one network address per lockout window (default 100) */
  loginFailuresPerAddress?: number;
  /** search by image; absent when the app has no media folder to index */
  imageSearch?: () => Promise<ImageSearch>;
}
