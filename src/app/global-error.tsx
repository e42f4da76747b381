"use client";

import { useEffect } from "react";
import en from "@/messages/en/fatal.json";
import sw from "@/messages/sw/fatal.json";
import "./globals.css";

/**
 * The last resort, when the root layout itself fails (the settings or the session could not be
 * read): it replaces the whole document, so it has no header, no language from the layout and no
 * catalogue handed down. It says the same in both languages, Kiswahili first, from its own two
 * small message files.
 */
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <html lang="sw">
      <body className="flex min-h-dvh items-center justify-center bg-white px-4 font-sans text-slate-900 antialiased">
        <main role="alert" className="max-w-lg py-16 text-center">
          <h1 className="text-2xl font-bold">{sw.title}</h1>
          <p className="mt-2 text-slate-600">{sw.text}</p>
          <div lang="en" className="mt-6 border-t border-slate-200 pt-6">
            <p className="text-xl font-semibold">{en.title}</p>
            <p className="mt-2 text-slate-600">{en.text}</p>
          </div>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <button type="button" onClick={reset} className="rounded-lg bg-[#0f766e] px-5 py-2.5 font-semibold text-white">
              {sw.retry} · <span lang="en">{en.retry}</span>
            </button>
            {/* a full load: the app's router may be what failed */}
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
            <a href="/" className="rounded-lg border border-slate-300 px-5 py-2.5 font-semibold">
              {sw.home} · <span lang="en">{en.home}</span>
            </a>
          </div>
        </main>
      </body>
    </html>
  );
}
