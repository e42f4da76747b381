import type { Metadata } from "next";
import { DeadEnd } from "@/components/pages/dead-end";
import { deadEndTexts } from "../dead-end-texts";
import { getTranslator } from "../i18n";
import { infoPageMetadata } from "../page-metadata";

export async function generateMetadata(): Promise<Metadata> {
  // no canonical address or language alternates: the page stands in for an address that cannot be read
  return { ...(await infoPageMetadata("badAddress", "/bad-address")), alternates: undefined, robots: { index: false } };
}

/**
 * What a page address holding a character no field accepts (a control character such as U+0000)
 * gets, with status 400: the server (server.ts) renders this page in its place, so none of the
 * address reaches a page or the database. It is never served at its own address.
 */
export default async function BadAddressPage() {
  const t = await getTranslator("pages.badAddress");
  return <DeadEnd texts={await deadEndTexts({ title: t("title"), text: t("text") })} />;
}
