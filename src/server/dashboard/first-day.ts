import { asc, inArray, isNull, sql } from "drizzle-orm";
import { firstDayChecklist, NO_PICTURE_IMAGES, type FirstDayChecklist, type FirstDayPaymentProvider, type FirstDaySmsProvider } from "@/lib/first-day";
import type { Database } from "../db";
import { categories, products } from "../db/schema";
import { SANDBOX_PROVIDER } from "../payments/test-orders";
import type { SettingsService } from "../settings/settings";

/**
 * What a live shop still needs (the admin dashboard's first-day checklist and GET
 * /api/admin/checklist): the facts read here, two small counts and the settings; what counts as
 * done is the shared rule (src/lib/first-day.ts).
 */
export function createFirstDayService(db: Database, settings: SettingsService, options: { paymentProvider: string; africasTalking: boolean }) {
  // the only provider besides the sandbox is ClickPesa
  const paymentProvider: FirstDayPaymentProvider = options.paymentProvider === SANDBOX_PROVIDER ? "sandbox" : "clickpesa";
  // SMS: Africa's Talking with its keys set, else the built-in sandbox
  const smsProvider: FirstDaySmsProvider = options.africasTalking ? "africastalking" : "sandbox";
  return {
    async checklist(): Promise<FirstDayChecklist> {
      const [current, cats, [catalogue]] = await Promise.all([
        settings.get(),
        db
          .select({
            name: categories.name,
            // qualified by hand: inside the subquery a bare "id" would be the attribute's own
            attributes: sql<number>`(select count(*)::int from spec_attributes a where a.category_id = "categories"."id")`,
          })
          .from(categories)
          .orderBy(asc(categories.sortOrder), asc(categories.name)),
        db
          .select({
            onSale: sql<number>`count(*)::int`,
            withoutPicture: sql<number>`(count(*) filter (where ${inArray(products.image, [...NO_PICTURE_IMAGES])}))::int`,
          })
          .from(products)
          .where(isNull(products.archivedAt)),
      ]);
      return firstDayChecklist({
        settings: current,
        categories: { total: cats.length, withoutAttributes: cats.filter((c) => Number(c.attributes) === 0).map((c) => c.name) },
        catalogue: { onSale: Number(catalogue?.onSale ?? 0), withoutPicture: Number(catalogue?.withoutPicture ?? 0) },
        paymentProvider,
        smsProvider,
      });
    },
  };
}

export type FirstDayService = ReturnType<typeof createFirstDayService>;
