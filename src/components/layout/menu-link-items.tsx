"use client";

import Link from "next/link";
import { DropdownMenu } from "radix-ui";
import { useTranslations } from "use-intl";
import { menuItem } from "../ui/styles";
import type { AccountLinkLabel } from "./account-links";

/** Plain page links as items of an account dropdown menu (not prefetched: most are rarely opened). */
export function MenuLinkItems({ links }: { links: readonly { href: string; label: AccountLinkLabel }[] }) {
  const t = useTranslations("common.account");
  return links.map((link) => (
    <DropdownMenu.Item key={link.href} asChild className={menuItem}>
      <Link href={link.href} prefetch={false}>
        {t(link.label)}
      </Link>
    </DropdownMenu.Item>
  ));
}
