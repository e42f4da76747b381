import { DeadEnd } from "@/components/pages/dead-end";
import { deadEndTexts } from "./dead-end-texts";
import { getTranslator } from "./i18n";

/** A page that does not exist: the shop's search box to find what was meant, and the ways on. */
export default async function NotFound() {
  const t = await getTranslator("catalog.notFound");
  return <DeadEnd texts={await deadEndTexts({ title: t("title"), text: t("text") })} />;
}
