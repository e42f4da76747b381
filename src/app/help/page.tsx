import { headers } from "next/headers";
import Link from "next/link";
import { FaqSearch, type FaqItem } from "@/components/help/faq-search";
import { PageFrame } from "@/components/pages/page-frame";
import { offeredPaymentMethods } from "@/lib/checkout";
import { regionName } from "@/lib/tanzania-regions";
import { getServices } from "@/server/services";
import { getIntl, getTranslator } from "../i18n";
import { infoPageMetadata } from "../page-metadata";
import { loadSiteSettings } from "../site-settings";

export const generateMetadata = () => infoPageMetadata("help", "/help");

type QuestionKey =
  | "howOrder"
  | "account"
  | "stock"
  | "cancel"
  | "mobileMoney"
  | "noPrompt"
  | "bank"
  | "currency"
  | "deliveryOptions"
  | "track"
  | "vatIncluded"
  | "receipt"
  | "returnHow"
  | "refund"
  | "confirmEmail"
  | "twoStep"
  | "forgot"
  | "imageSearch"
  | "searchWords";

const TOPICS: { id: "ordering" | "payment" | "delivery" | "vat" | "returns" | "account" | "search"; questions: QuestionKey[] }[] = [
  { id: "ordering", questions: ["howOrder", "account", "stock", "cancel"] },
  { id: "payment", questions: ["mobileMoney", "noPrompt", "bank", "currency"] },
  { id: "delivery", questions: ["deliveryOptions", "track"] },
  { id: "vat", questions: ["vatIncluded", "receipt"] },
  { id: "returns", questions: ["returnHow", "refund"] },
  { id: "account", questions: ["confirmEmail", "twoStep", "forgot"] },
  { id: "search", questions: ["imageSearch", "searchWords"] },
];

const LINKS = { shipping: "/shipping", tracking: "/tracking", returns: "/returns" } as const;

export default async function HelpPage() {
  const [{ locale }, s, t, services] = await Promise.all([getIntl(), loadSiteSettings(), getTranslator("pages.help"), getServices().catch(() => null)]);
  const cardAvailable = services?.checkout.cardAvailable ?? false;
  const methods = offeredPaymentMethods(s, cardAvailable);
  const list = (items: string[]) => new Intl.ListFormat(locale === "sw" ? "sw" : "en-GB", { type: "conjunction" }).format(items);
  const disjunction = (items: string[]) => new Intl.ListFormat(locale === "sw" ? "sw" : "en-GB", { type: "disjunction" }).format(items);
  // each answer's figures come from the settings the checkout and sign-in use
  const values: Partial<Record<QuestionKey, Record<string, string | number>>> = {
    mobileMoney: { providers: disjunction(s.paymentSettings.mobileMoneyProviders) },
    noPrompt: { minutes: s.orderHold.mobileMoneyMinutes },
    bank: { hours: s.orderHold.bankTransferHours },
    deliveryOptions: { area: list(s.delivery.courierRegions.map((code) => regionName(code, locale))), time: s.delivery.sameDay.cutoff },
    vatIncluded: { mainland: s.vatRates.mainland, zanzibar: s.vatRates.zanzibar },
    confirmEmail: { attempts: s.security.maxLoginAttempts, minutes: s.security.lockoutMinutes },
  };
  // a question about a way to pay the shop does not offer would not be true
  const offered = (key: QuestionKey) =>
    key === "bank" ? methods.includes("bank_transfer") : key === "mobileMoney" || key === "noPrompt" ? methods.includes("mobile_money") : true;
  const link = (href: string) =>
    function InlineLink(chunks: React.ReactNode) {
      return <Link href={href}>{chunks}</Link>;
    };
  const plainTag = (chunks: string) => chunks;
  const topics: { id: string; title: string; items: (FaqItem & { plain: string })[] }[] = TOPICS.map(({ id, questions }) => {
    const title = t(`topics.${id}`);
    const items = questions.filter(offered).map((key) => {
      const v = values[key] ?? {};
      const question = t(`q.${key}.q`);
      const answer = t.rich(`q.${key}.a`, { ...v, shipping: link(LINKS.shipping), tracking: link(LINKS.tracking), returns: link(LINKS.returns) });
      const plain = t.markup(`q.${key}.a`, { ...v, shipping: plainTag, tracking: plainTag, returns: plainTag });
      return { id: `faq-${key}`, question, answer, text: `${title} ${question} ${plain}`, plain };
    });
    return { id, title, items };
  });
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    inLanguage: locale,
    mainEntity: topics.flatMap((topic) =>
      topic.items.map((item) => ({ "@type": "Question", name: item.question, acceptedAnswer: { "@type": "Answer", text: item.plain } })),
    ),
  };
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <PageFrame title={t("title")} lead={t.rich("intro", { support: link("/support") })}>
      <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, "\\u003c") }} />
      <FaqSearch topics={topics.map((topic) => ({ ...topic, items: topic.items.map(({ id, question, answer, text }) => ({ id, question, answer, text })) }))} />
    </PageFrame>
  );
}
