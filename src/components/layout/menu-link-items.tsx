import Link from "next/link";
import { DropdownMenu } from "radix-ui";
import { menuItem } from "../ui/styles";

/** Plain page links as items of an account dropdown menu (not prefetched: most are rarely opened). */
export function MenuLinkItems({ links }: { links: readonly { href: string; label: string }[] }) {
  return links.map((link) => (
    <DropdownMenu.Item key={link.href} asChild className={menuItem}>
      <Link href={link.href} prefetch={false}>
        {link.label}
      </Link>
    </DropdownMenu.Item>
  ));
}
