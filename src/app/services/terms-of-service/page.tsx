import type { Metadata } from "next";
import { loadSiteSettings } from "../../site-settings";
import { LegalPage } from "../legal-page";

export const metadata: Metadata = { title: "Terms of Service" };

export default async function TermsPage() {
  const s = await loadSiteSettings();
  return (
    <LegalPage title="Terms of Service" updated="23 November 2026">
      <p>
        These terms apply when you use this website or buy from {s.companyName}, {s.address}. By creating an account or placing an order you agree to them.
        Questions: <a href={`mailto:${s.contactEmail}`}>{s.contactEmail}</a> or {s.contactPhone}.
      </p>
      <h2>Your account</h2>
      <ul>
        <li>Give your real name and an e-mail address you can read; we confirm it before you can sign in.</li>
        <li>Keep your password to yourself. Tell us at once if you think someone else has used your account.</li>
        <li>After five wrong passwords in a row we lock sign-in for 15 minutes to protect you.</li>
      </ul>
      <h2>Prices and payment</h2>
      <ul>
        <li>Prices are in Tanzanian shillings (TZS) and include VAT where it applies. The US dollar amounts are a guide only.</li>
        <li>A discount is shown only when the price really was higher before.</li>
        <li>We accept card payments and mobile money (M-Pesa, Mixx by Yas, Airtel Money). You receive an EFD/VFD tax receipt for each sale.</li>
      </ul>
      <h2>Orders, stock and delivery</h2>
      <ul>
        <li>An order is accepted when we confirm it. If an item turns out to be out of stock, we tell you and refund what you paid for it.</li>
        <li>Same-day delivery is offered in Dar es Salaam where marked; other regions take longer and the delivery cost is shown before you pay.</li>
      </ul>
      <h2>Returns</h2>
      <ul>
        <li>You may return an unused item in its original packaging within 7 days of delivery for a refund or exchange.</li>
        <li>Faulty items are repaired, replaced or refunded. Components damaged by wrong wiring or soldering are not covered.</li>
      </ul>
      <h2>Services</h2>
      <p>Prototyping, PCB printing, AI consultancy and logistics are quoted separately; the written quote says what is delivered, when and for how much.</p>
      <h2>Liability and law</h2>
      <p>
        We are responsible for what we sell and do as the law of the United Republic of Tanzania provides, including consumer protection under the Fair
        Competition Act. Nothing here limits rights you have by law. Disputes go first to our customer care, then to the Fair Competition Commission or the
        courts of Tanzania.
      </p>
    </LegalPage>
  );
}
