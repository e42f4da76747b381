import type { Metadata } from "next";
import { loadSiteSettings } from "../../site-settings";
import { LegalPage } from "../legal-page";

export const metadata: Metadata = { title: "Privacy Policy" };

export default async function PrivacyPage() {
  const s = await loadSiteSettings();
  return (
    <LegalPage title="Privacy Policy" updated="23 November 2026">
      <p>
        {s.companyName} ({s.address}) is responsible for the personal data described here, under Tanzania&apos;s Personal Data Protection Act, 2022. Contact for
        anything about your data: <a href={`mailto:${s.contactEmail}`}>{s.contactEmail}</a>, {s.contactPhone}.
      </p>
      <h2>What we collect and why</h2>
      <ul>
        <li>
          Account: your name, e-mail, phone (optional), company (optional) and a scrambled form of your password (we never see or store the password itself) —
          to run your account and orders.
        </li>
        <li>
          Security: sign-in times, the network address and browser of each sign-in, failed attempts — to protect your account and detect misuse. Kept for 12
          months.
        </li>
        <li>Orders and delivery details — to deliver, invoice and meet tax law (records kept as the law requires).</li>
        <li>Newsletter: your e-mail, only if you subscribe; you can unsubscribe at any time.</li>
        <li>
          In your browser only: your cart, theme and currency choice (local storage) and a sign-in cookie that is deleted when you sign out. No advertising or
          tracking cookies.
        </li>
      </ul>
      <h2>Who sees it</h2>
      <p>
        Our staff who need it for your order, the delivery partner for your address and phone, and the payment provider for a payment. We do not sell personal
        data. Data leaves Tanzania only with the permit the Act requires.
      </p>
      <h2>Your rights</h2>
      <ul>
        <li>See the data we hold about you, have it corrected or deleted, and receive a copy to take elsewhere.</li>
        <li>Withdraw consent to marketing at any time.</li>
        <li>Complain to the Personal Data Protection Commission if you think we misuse your data.</li>
      </ul>
      <h2>Security</h2>
      <p>
        Passwords are stored with a memory-hard hash, sign-in cookies cannot be read by scripts, and we will tell you and the Commission promptly if a breach
        affects your data.
      </p>
    </LegalPage>
  );
}
