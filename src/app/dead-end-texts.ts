import type { DeadEndTexts } from "@/components/pages/dead-end";
import { getTranslator } from "./i18n";

const WAYS_ON = ["home", "help", "support"] as const;
const WAY_HREF = { home: "/", help: "/help", support: "/support" } as const;

/** The texts of a dead-end page in the request's language: its own title and text, and the shared ways on. */
export async function deadEndTexts(page: { title: string; text: string }): Promise<DeadEndTexts> {
  const [catalog, pages] = await Promise.all([getTranslator("catalog.notFound"), getTranslator("pages.notFound")]);
  return {
    ...page,
    search: pages("search"),
    browse: catalog("browse"),
    or: pages("or"),
    links: WAYS_ON.map((way) => ({ href: WAY_HREF[way], label: pages(way) })),
  };
}
