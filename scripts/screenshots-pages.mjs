// node scripts/screenshots-pages.mjs [base URL]: the shop's information, help and policy pages as shoppers
// see them, in Kiswahili and English, on a phone (390 px) and a desktop (1440 px), the top of each
// page. Needs a running shop (default http://localhost:3000); writes PNGs to
// docs/screenshots/page-<name>-<lang>-<width>.png.
import { eachLanguageAndWidth } from "./screenshot-lib.mjs";

// PAGES=shipping,help limits the run to those pages
const PAGES = (
  process.env.PAGES ?? "about,story,careers,press,returns,shipping,support,help,cookies,gdpr,data-protection,social/facebook,offline,not-a-page"
).split(",");

const base = process.argv[2] ?? process.env.BASE_URL ?? "http://localhost:3000";

await eachLanguageAndWidth(
  async (page, { locale, save }) => {
    for (const name of PAGES) {
      await page.goto(`${base}/${name}?lang=${locale}`, { waitUntil: "load" });
      await save(`page-${name.replace("/", "-")}`);
    }
  },
  { serviceWorkers: "block" },
);
