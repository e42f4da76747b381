/**
 * The demo shop's reviews: a few to a few dozen per product (most products a handful, the best
 * sellers dozens), mostly four and five stars with some ones to threes, in Kiswahili and English,
 * written by demo accounts that cannot sign in. They are `demo: true` (never a verified purchase,
 * never in structured data) and published; each product's rating and count are what its rows say
 * (written with the product by the seed, or recounted once for an older demo shop).
 */
import { eq, inArray, sql } from "drizzle-orm";
import { fnv1a, mulberry32 } from "@/lib/random";
import { publicAuthorName } from "@/lib/reviews";
import { rowsOf, withTransaction, type Database } from "@/server/db";
import { categories, productReviews, products, siteSettings, users } from "@/server/db/schema";
import { DEMO_REVIEWS_KEY } from "@/server/seed/demo-markers";
import { buildSeedProducts } from "./catalog";

const DAY_MS = 86_400_000;

/** Demo accounts' addresses end here (a reserved domain no mail reaches): that is how a demo account is told apart. */
export const DEMO_ACCOUNT_DOMAIN = "demo.invalid";
/** Not a password hash of any scheme: no password ever matches it, so a demo account cannot sign in. */
const NO_PASSWORD = "demo-account:no-password";
const DEMO_ACCOUNT_LOCK_REASON = "Demo account: writes the demo shop's sample reviews, cannot sign in.";

/** The demo reviewers: Tanzanian names, as their reviews show them ("Amina J."). */
export const DEMO_REVIEWERS = [
  "Amina Juma",
  "Baraka Mwakyusa",
  "Neema Massawe",
  "Juma Hamisi",
  "Rehema Mushi",
  "Emmanuel Kimaro",
  "Fatuma Said",
  "Godfrey Mollel",
  "Halima Mohamed",
  "Ibrahim Salim",
  "Joyce Lyimo",
  "Khamis Abdallah",
  "Lucy Mrema",
  "Mussa Athumani",
  "Nasra Omari",
  "Omari Bakari",
  "Pendo Swai",
  "Rashidi Mbwana",
  "Saida Ally",
  "Tumaini Shirima",
  "Upendo Minja",
  "Vicent Temba",
  "Winfrida Kessy",
  "Yusuf Mfinanga",
  "Zawadi Mwinyi",
  "Daudi Nyerere",
  "Esther Mwakalinga",
  "Frank Urassa",
  "Grace Kisanga",
  "Hassani Mbaraka",
  "Agnes Ngowi",
  "Elia Magesa",
  "Mwanaisha Kombo",
  "Peter Lema",
  "Salma Rajabu",
  "Abdul Kitwana",
] as const;

interface DemoText {
  title: string;
  body: string;
}
type Texts = { en: DemoText[]; sw: DemoText[] };

/** What buyers of each kind of part talk about; categories not named here use the general texts alone. */
const GROUP_OF_CATEGORY: Record<string, keyof typeof GROUP_TEXTS> = {
  "microcontrollers-development-boards": "boards",
  "iot-networking-modules": "boards",
  "stem-education-kits": "kits",
  "robotics-kits": "kits",
  "sensors-modules": "parts",
  "semiconductors-leds": "parts",
  "passive-components": "parts",
  displays: "parts",
  "power-batteries": "power",
  "solar-energy": "power",
  "motors-drivers": "mechanical",
  "3d-printing": "mechanical",
  "tools-test-equipment": "tools",
  "pcb-prototyping-supplies": "tools",
  "cables-connectors": "tools",
};

const GROUP_TEXTS = {
  boards: {
    en: [
      { title: "Works at 3.3 V", body: "Runs fine from 3.3 V logic, flashed first time from the Arduino IDE. The CH340 driver was needed on Windows." },
      { title: "Genuine enough", body: "Uploads reliably, Wi-Fi connects in seconds. Pins are labelled clearly on both sides." },
      { title: "Good board for the price", body: "Using it for a water tank level project. Stable for two weeks so far without a reset." },
      { title: "Fast delivery to Mwanza", body: "Arrived well packed in an anti-static bag. Blink sketch worked straight away." },
    ],
    sw: [
      { title: "Inafanya kazi kwa 3.3 V", body: "Nimeitumia na sensa za 3.3 V bila shida. Programu iliingia mara ya kwanza kupitia Arduino IDE." },
      { title: "Bodi nzuri", body: "Wi-Fi inaunganisha haraka na haijawahi kukwama. Nimeitumia kwenye mradi wa kupima kiwango cha maji." },
      { title: "Imefika salama", body: "Imefika salama, inafanya kazi vizuri. Ilihitaji dereva wa CH340 kwenye kompyuta yangu." },
      { title: "Bei nzuri", body: "Ubora ni mzuri kwa bei hii. Wanafunzi wangu wameitumia darasani bila tatizo." },
    ],
  },
  kits: {
    en: [
      { title: "My son loved it", body: "Everything in the box matched the list. We built the first three projects in one weekend." },
      { title: "Good for teaching", body: "Used it with a Form 3 class. Clear parts, sturdy box, and the examples run as written." },
      { title: "Complete kit", body: "No missing parts. Instructions are in English only, but the diagrams are easy to follow." },
    ],
    sw: [
      { title: "Watoto wamefurahia", body: "Vifaa vyote vilikuwemo kwenye boksi. Tumejenga miradi mitatu ya kwanza ndani ya wiki moja." },
      { title: "Nzuri kwa kufundishia", body: "Nimeitumia na wanafunzi wa kidato cha tatu. Vipuri ni imara na mifano inafanya kazi." },
      { title: "Kifurushi kamili", body: "Hakuna kilichokosekana. Maelekezo ni ya Kiingereza tu lakini michoro inaeleweka vizuri." },
    ],
  },
  parts: {
    en: [
      { title: "Readings are accurate", body: "Compared against my multimeter: within a few percent. Works at 3.3 V and 5 V." },
      { title: "As described", body: "Same part as the photo, pins already soldered. Worked with the usual library." },
      { title: "All pieces good", body: "Tested every piece in the pack, none dead on arrival. Values match the markings." },
      { title: "Fine for hobby use", body: "Does the job in my home automation project. Packaging could be better." },
    ],
    sw: [
      { title: "Vipimo ni sahihi", body: "Nimelinganisha na multimita yangu, tofauti ni ndogo sana. Inafanya kazi kwa 3.3 V na 5 V." },
      { title: "Kama ilivyoelezwa", body: "Ni kifaa kilekile cha kwenye picha. Kimefanya kazi na maktaba ya kawaida bila shida." },
      { title: "Vyote ni vizima", body: "Nimejaribu kila kipande kwenye pakiti, hakuna kibovu. Thamani zinalingana na maandishi." },
      { title: "Inafaa kwa majaribio", body: "Inafanya kazi vizuri kwenye mradi wangu wa nyumbani. Ufungaji ungeweza kuwa bora zaidi." },
    ],
  },
  power: {
    en: [
      { title: "Holds its charge", body: "Powers my router through the evening outages. Capacity close to what is printed." },
      { title: "Solid output", body: "Output measured steady under load. Runs cool after hours of use." },
      { title: "Good for the solar setup", body: "Working well with my 12 V system in Dodoma. Installer was happy with the quality." },
    ],
    sw: [
      { title: "Inatunza chaji", body: "Inaendesha ruta yangu wakati umeme unakatika jioni. Uwezo unakaribia ulioandikwa." },
      { title: "Umeme thabiti", body: "Nimepima, volteji haishuki hata ikiwa na mzigo. Haipati joto sana." },
      { title: "Nzuri kwa sola", body: "Inafanya kazi vizuri na mfumo wangu wa volti 12 huko Dodoma. Fundi amesifu ubora wake." },
    ],
  },
  mechanical: {
    en: [
      { title: "Strong and quiet", body: "Enough torque for my robot car. Runs smoothly at low speed." },
      { title: "Does the job", body: "Fitted straight onto my build. Wires are a bit short but fine." },
      { title: "Good quality", body: "Prints and runs as expected. Would buy again for the next project." },
    ],
    sw: [
      { title: "Ina nguvu na haina kelele", body: "Nguvu inatosha kwa gari langu la roboti. Inazunguka vizuri hata kwa kasi ndogo." },
      { title: "Inafanya kazi", body: "Imefungika moja kwa moja kwenye mradi wangu. Nyaya ni fupi kidogo lakini zinatosha." },
      { title: "Ubora mzuri", body: "Inafanya kazi kama nilivyotarajia. Nitanunua tena kwa mradi unaofuata." },
    ],
  },
  tools: {
    en: [
      { title: "Handy on the bench", body: "Use it every day in my repair shop in Kariakoo. Well made for the price." },
      { title: "Good quality", body: "Connectors fit firmly and the cables are thicker than the cheap ones in town." },
      { title: "Worth it", body: "Saves me time on every job. Arrived in two days." },
    ],
    sw: [
      { title: "Msaada mkubwa kazini", body: "Naitumia kila siku kwenye karakana yangu Kariakoo. Imetengenezwa vizuri kwa bei hii." },
      { title: "Ubora mzuri", body: "Viunganishi vinashika vizuri na nyaya ni nene kuliko zile za bei rahisi mjini." },
      { title: "Inastahili bei", body: "Inanirahisishia kazi. Imefika ndani ya siku mbili." },
    ],
  },
} satisfies Record<string, Texts>;

const GENERAL_GOOD: Texts = {
  en: [
    { title: "Recommended", body: "Exactly what I ordered, well packed. Delivery to Arusha took three days." },
    { title: "Very good", body: "Works perfectly. The shop answered my question on WhatsApp quickly." },
    { title: "Happy with it", body: "Good quality and a fair price. Paid by M-Pesa, no problems." },
    { title: "Great", body: "Second time buying this. Same quality as before." },
  ],
  sw: [
    { title: "Ninapendekeza", body: "Nimepokea nilichoagiza, kimefungwa vizuri. Kimefika Arusha ndani ya siku tatu." },
    { title: "Nzuri sana", body: "Inafanya kazi vizuri kabisa. Duka lilijibu swali langu kwa WhatsApp haraka." },
    { title: "Nimeridhika", body: "Ubora mzuri na bei nafuu. Nimelipa kwa M-Pesa bila shida yoyote." },
    { title: "Safi", body: "Ni mara ya pili kununua hiki. Ubora ni uleule kama mwanzo." },
  ],
};

/** The ones to threes: real shops have them, and a demo that had none would look made up. */
const GENERAL_POOR: Texts = {
  en: [
    { title: "One was faulty", body: "One of the pieces did not work. The rest are fine, but check yours on arrival." },
    { title: "Slow delivery", body: "The part works, but it took more than a week to reach Mbeya." },
    { title: "Not as pictured", body: "The colour of the board differs from the photo. It works, but I expected the one shown." },
    { title: "Average", body: "Does what it says, but feels cheaply made. Fine for testing, not for a finished product." },
  ],
  sw: [
    { title: "Kimoja kilikuwa kibovu", body: "Kipande kimoja hakikufanya kazi. Vingine ni vizima, lakini kagua vyako vikifika." },
    { title: "Usafirishaji umechelewa", body: "Kifaa kinafanya kazi, lakini kilichukua zaidi ya wiki moja kufika Mbeya." },
    { title: "Si kama picha", body: "Rangi ya bodi ni tofauti na ya kwenye picha. Inafanya kazi, ila nilitarajia ile iliyoonyeshwa." },
    { title: "Wastani", body: "Inafanya kazi, lakini ubora wake ni wa kawaida. Inafaa kwa majaribio, si kwa bidhaa ya mwisho." },
  ],
};

/** A product as the demo reviews need it. */
export interface DemoReviewProduct {
  id: number;
  sku: string;
  categorySlug: string;
  salesCount: number;
  createdAt: Date;
}

export interface DemoReviewRow {
  productId: number;
  reviewer: number;
  rating: number;
  title: string;
  body: string;
  locale: "sw" | "en";
  createdAt: Date;
}

/**
 * How many demo reviews a product gets: the best sellers (the top twentieth by sales) 15 to 40,
 * the rest 2 to 8, new listings (under two weeks) at most 3. Never more than there are reviewers
 * (one review per product and person).
 */
export function demoReviewCount(product: DemoReviewProduct, bestSellerSales: number, now: number, next: () => number): number {
  const ageDays = (now - product.createdAt.getTime()) / DAY_MS;
  const count = product.salesCount >= bestSellerSales && product.salesCount > 0 ? 15 + Math.floor(next() * 26) : 2 + Math.floor(next() * 7);
  return Math.min(ageDays < 14 ? 3 : count, DEMO_REVIEWERS.length);
}

/** Stars as shops see them: about 60% five, 25% four, and the rest three, two or one. */
function demoRating(roll: number): number {
  if (roll < 0.6) return 5;
  if (roll < 0.85) return 4;
  if (roll < 0.93) return 3;
  if (roll < 0.97) return 2;
  return 1;
}

/** The demo reviews of these products: the same products always get the same reviews. */
export function buildDemoReviews(products: readonly DemoReviewProduct[], now: number): DemoReviewRow[] {
  const sales = products.map((p) => p.salesCount).sort((a, b) => b - a);
  const bestSellerSales = sales[Math.max(0, Math.ceil(sales.length / 20) - 1)] ?? Number.POSITIVE_INFINITY;
  return products.flatMap((product) => {
    const next = mulberry32(fnv1a(`reviews:${product.sku}`));
    const count = demoReviewCount(product, bestSellerSales, now, next);
    // distinct reviewers: a shuffled slice of the list
    const reviewers = DEMO_REVIEWERS.map((_, i) => i);
    for (let i = reviewers.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [reviewers[i], reviewers[j]] = [reviewers[j]!, reviewers[i]!];
    }
    const listed = product.createdAt.getTime();
    const group = GROUP_TEXTS[GROUP_OF_CATEGORY[product.categorySlug] ?? "parts"];
    return reviewers.slice(0, count).map((reviewer) => {
      const rating = demoRating(next());
      const locale = next() < 0.55 ? "sw" : "en";
      const pool = rating <= 3 ? GENERAL_POOR[locale] : next() < 0.65 ? group[locale] : GENERAL_GOOD[locale];
      const text = pool[Math.floor(next() * pool.length)]!;
      // written after the product was listed (at least a day), and not today
      const from = Math.min(listed + DAY_MS, now - DAY_MS);
      const createdAt = new Date(from + next() * Math.max(0, now - DAY_MS - from));
      return { productId: product.id, reviewer, rating, title: text.title, body: text.body, locale, createdAt };
    });
  });
}

/**
 * The demo accounts (created when missing): locked, with no usable password and a reserved
 * address, so nobody can sign in as one. Returns their ids in DEMO_REVIEWERS order.
 */
async function ensureDemoReviewers(db: Database, now: number): Promise<number[]> {
  const rows = DEMO_REVIEWERS.map((fullName, i) => ({
    email: `reviewer${String(i + 1).padStart(2, "0")}@${DEMO_ACCOUNT_DOMAIN}`,
    fullName,
    passwordHash: NO_PASSWORD,
    lockedAt: new Date(now),
    lockedReason: DEMO_ACCOUNT_LOCK_REASON,
    createdAt: new Date(now - 400 * DAY_MS),
  }));
  await db.insert(users).values(rows).onConflictDoNothing({ target: users.email });
  const found = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        rows.map((r) => r.email),
      ),
    );
  const idByEmail = new Map(found.map((u) => [u.email, u.id]));
  return rows.map((r) => idByEmail.get(r.email)!);
}

/** A product's numbers as its demo reviews make them: what the rating trigger would write. */
export interface DemoRatingNumbers {
  rating: number;
  reviews: number;
  ratingCounts: number[];
}

/**
 * Each product's rating, review count and stars 1…5 from its demo reviews (by `productId`), so
 * the demo seed writes products with their numbers already right instead of recounting each
 * product after its reviews (a recount rewrites a wide, heavily indexed row: seconds for the
 * catalogue on the embedded database).
 */
export function demoRatingNumbers(reviews: readonly DemoReviewRow[]): Map<number, DemoRatingNumbers> {
  const out = new Map<number, DemoRatingNumbers>();
  for (const review of reviews) {
    const numbers = out.get(review.productId) ?? { rating: 0, reviews: 0, ratingCounts: [0, 0, 0, 0, 0] };
    numbers.ratingCounts[review.rating - 1]! += 1;
    numbers.reviews += 1;
    out.set(review.productId, numbers);
  }
  for (const numbers of out.values()) numbers.rating = numbers.ratingCounts.reduce((sum, n, i) => sum + n * (i + 1), 0) / numbers.reviews;
  return out;
}

/**
 * Writes demo reviews (their demo accounts first); a product that already has a review by the
 * same demo account keeps it, so writing them twice adds nothing. `recount`: whether the products'
 * numbers must be counted from the rows afterwards (false when the seed wrote them with the
 * products, demoRatingNumbers). Returns how many were written.
 */
export async function writeDemoReviews(db: Database, reviews: readonly DemoReviewRow[], options: { now?: number; recount: boolean }): Promise<number> {
  if (!reviews.length) return 0;
  const reviewerIds = await ensureDemoReviewers(db, options.now ?? Date.now());
  const rows = reviews.map((r) => ({
    product_id: r.productId,
    user_id: reviewerIds[r.reviewer]!,
    author_name: publicAuthorName(DEMO_REVIEWERS[r.reviewer]!),
    rating: r.rating,
    title: r.title,
    body: r.body,
    locale: r.locale,
    created_at: r.createdAt.toISOString(),
  }));
  // The rating trigger recounts a product per review row: thousands of recounts for one load.
  // Off for this transaction only (ALTER TABLE is transactional: no other session ever sees it
  // off), then, where asked, every product touched is recounted by one statement.
  return withTransaction(db, async (tx) => {
    await tx.execute(sql`alter table product_reviews disable trigger product_reviews_recount`);
    // one JSON parameter per statement: thousands of bound parameters cost the embedded database far more
    let written = 0;
    for (let i = 0; i < rows.length; i += 2000) {
      const inserted = rowsOf<{ id: number }>(
        await tx.execute(sql`
          insert into product_reviews (product_id, user_id, author_key, author_name, rating, title, body, locale, status, verified_purchase, demo, created_at, updated_at)
          select r.product_id, r.user_id, 'user:' || r.user_id, r.author_name, r.rating, r.title, r.body, r.locale, 'published', false, true, r.created_at, r.created_at
            from json_to_recordset(${JSON.stringify(rows.slice(i, i + 2000))}::json)
              as r(product_id int, user_id int, author_name text, rating smallint, title text, body text, locale text, created_at timestamptz)
          on conflict (product_id, author_key) do nothing
          returning id`),
      );
      written += inserted.length;
    }
    await tx.execute(sql`alter table product_reviews enable trigger product_reviews_recount`);
    if (options.recount && written > 0) {
      const ids = `{${[...new Set(reviews.map((r) => r.productId))].join(",")}}`;
      // the trigger's own count (migration 0047), for all the products in one statement
      await tx.execute(sql`
        update products p set
          reviews = s.n, rating = coalesce(s.avg, 0), rating_counts = array[s.c1, s.c2, s.c3, s.c4, s.c5],
          real_reviews = s.real_n, real_rating = coalesce(s.real_avg, 0)
        from (
          select product_id, count(*)::int as n, avg(rating)::real as avg,
            count(*) filter (where rating = 1)::int as c1, count(*) filter (where rating = 2)::int as c2,
            count(*) filter (where rating = 3)::int as c3, count(*) filter (where rating = 4)::int as c4,
            count(*) filter (where rating = 5)::int as c5,
            count(*) filter (where not demo)::int as real_n, (avg(rating) filter (where not demo))::real as real_avg
          from product_reviews where status = 'published' and product_id = any(${ids}::int[]) group by product_id
        ) s
        where p.id = s.product_id`);
    }
    return written;
  });
}

/** Notes that the demo reviews were written: no later start writes them again (an owner who deletes them keeps them deleted). */
export async function markDemoReviewsSeeded(db: Database): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ key: DEMO_REVIEWS_KEY, value: { at: new Date().toISOString() } })
    .onConflictDoNothing();
}

/**
 * A demo shop seeded before demo reviews existed: its demo products (the demo catalogue's SKUs
 * still in the shop, archived ones apart) get their demo reviews, unless any demo review already
 * exists. Returns how many were written.
 */
export async function backfillDemoReviews(db: Database, now: number = Date.now()): Promise<number> {
  const [existing] = await db
    .select({ one: sql<number>`1` })
    .from(productReviews)
    .where(eq(productReviews.demo, true))
    .limit(1);
  let written = 0;
  if (!existing) {
    const seedSkus = buildSeedProducts().map((p) => p.sku);
    const found = await db
      .select({ id: products.id, sku: products.sku, categorySlug: categories.slug, salesCount: products.salesCount, createdAt: products.createdAt })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(sql`${inArray(products.sku, seedSkus)} and ${products.archivedAt} is null`);
    written = await writeDemoReviews(db, buildDemoReviews(found, now), { now, recount: true });
  }
  await markDemoReviewsSeeded(db);
  return written;
}
