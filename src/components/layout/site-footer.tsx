import Link from "next/link";
import { CreditCard, Headphones, Truck } from "lucide-react";
import type { SiteSettings } from "@/lib/site-settings";

export const FOOTER_COLUMNS = [
  {
    title: "Company",
    links: [
      { href: "/about", label: "About us" },
      { href: "/story", label: "Our story" },
      { href: "/careers", label: "Careers" },
      { href: "/press", label: "Press" },
      { href: "/contact", label: "Contact" },
    ],
  },
  {
    title: "Services",
    links: [
      { href: "/services/electronics", label: "Electronics supply" },
      { href: "/services/prototyping", label: "Prototyping" },
      { href: "/services/pcb", label: "PCB printing" },
      { href: "/services/ai", label: "AI consultancy" },
      { href: "/services/logistics", label: "Logistics" },
    ],
  },
  {
    title: "Help",
    links: [
      { href: "/help", label: "Help centre" },
      { href: "/tracking", label: "Order tracking" },
      { href: "/returns", label: "Returns" },
      { href: "/shipping", label: "Shipping" },
      { href: "/support", label: "Support" },
    ],
  },
  {
    title: "Legal",
    links: [
      { href: "/privacy", label: "Privacy" },
      { href: "/terms", label: "Terms" },
      { href: "/cookies", label: "Cookies" },
      { href: "/gdpr", label: "GDPR" },
      { href: "/data-protection", label: "Data protection" },
    ],
  },
] as const;

const PROMISES = [
  { icon: CreditCard, title: "Secure payment", text: "Card, M-Pesa, Mixx by Yas and Airtel Money" },
  { icon: Headphones, title: "24/7 support", text: "Call or WhatsApp us any time" },
  { icon: Truck, title: "Free shipping", text: "On products marked Free Delivery" },
];

export function SiteFooter({ settings }: { settings: SiteSettings }) {
  return (
    <footer className="mt-12 border-t border-[var(--border)] bg-[var(--surface)] text-sm">
      <div className="mx-auto grid max-w-7xl gap-4 px-4 py-6 sm:grid-cols-3">
        {PROMISES.map(({ icon: Icon, title, text }) => (
          <div key={title} className="flex items-start gap-3">
            <Icon className="mt-0.5 h-5 w-5 text-brand" aria-hidden />
            <div>
              <p className="font-semibold">{title}</p>
              <p className="text-[var(--muted-fg)]">{text}</p>
            </div>
          </div>
        ))}
      </div>
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-6 px-4 py-6 md:grid-cols-5">
        <div className="col-span-2 md:col-span-1">
          <p className="font-semibold">{settings.companyName}</p>
          <p className="mt-1 text-[var(--muted-fg)]">{settings.companyTagline}</p>
          <p className="mt-2 text-[var(--muted-fg)]">{settings.address}</p>
          <p className="text-[var(--muted-fg)]">
            <a href={`tel:${settings.contactPhone.replace(/\s/g, "")}`}>{settings.contactPhone}</a> ·{" "}
            <a href={`mailto:${settings.contactEmail}`}>{settings.contactEmail}</a>
          </p>
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <p className="font-semibold">{column.title}</p>
            <ul className="mt-2 space-y-1">
              {column.links.map((link) => (
                <li key={link.href}>
                  <Link href={link.href} prefetch={false} className="text-[var(--muted-fg)] hover:text-brand">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-[var(--border)] px-4 py-4 text-center text-[var(--muted-fg)]">
        © {new Date().getFullYear()} {settings.companyName}. All rights reserved.
      </p>
    </footer>
  );
}
