import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { LOCALES } from "@/lib/locale";
import { createTranslator } from "use-intl/core";
import { CATALOGUES, SOURCE_CATALOGUES, clientMessages } from ".";

/** Every leaf of a catalogue as "namespace.key.sub" → message. */
function leaves(tree: unknown, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

/** The argument names a message uses ({name}, {count, plural, ...}, <b>tags</b>), sorted. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const el of elements) {
      if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
      names.add(el.value);
      if (el.type === TYPE.plural || el.type === TYPE.select) for (const option of Object.values(el.options)) walk(option.value);
      if (el.type === TYPE.tag) walk(el.children);
    }
  };
  walk(parse(message));
  return [...names].sort();
}

const english = leaves(SOURCE_CATALOGUES.en);

describe("the message catalogue", () => {
  it.each(LOCALES.filter((l) => l !== "en"))("has every English key in %s, and no key English lacks", (locale) => {
    const other = leaves(SOURCE_CATALOGUES[locale]);
    expect([...english.keys()].filter((k) => !other.has(k))).toEqual([]);
    expect([...other.keys()].filter((k) => !english.has(k))).toEqual([]);
  });

  it.each(LOCALES)("has only valid ICU messages, none empty, in %s", (locale) => {
    for (const [key, message] of leaves(SOURCE_CATALOGUES[locale])) {
      expect(message.trim(), key).not.toBe("");
      expect(() => parse(message), key).not.toThrow();
    }
  });

  it.each(LOCALES.filter((l) => l !== "en"))("uses the same arguments as English in every %s message", (locale) => {
    const other = leaves(SOURCE_CATALOGUES[locale]);
    for (const [key, message] of english) {
      const translated = other.get(key);
      if (translated !== undefined) expect(argumentsOf(translated), key).toEqual(argumentsOf(message));
    }
  });

  it("formats the compiled messages: arguments, plurals and numbers in each language", () => {
    const en = createTranslator({ locale: "en", messages: CATALOGUES.en, namespace: "common" });
    const sw = createTranslator({ locale: "sw", messages: CATALOGUES.sw, namespace: "common" });
    expect(en("cart.link", { count: 1 })).toBe("Cart, 1 item");
    expect(en("cart.link", { count: 1200 })).toBe("Cart, 1,200 items");
    expect(sw("cart.link", { count: 1 })).toBe("Kikapu, bidhaa moja");
    expect(sw("cart.link", { count: 5 })).toBe("Kikapu, bidhaa 5");
    expect(en("greeting", { name: "Asha" })).toBe("Hi, Asha");
    expect(sw("skipToContent")).toBe("Ruka hadi maudhui");
  });

  it('never writes an English article before a name it does not know ("a {wallet}" reads "A Airtel Money")', () => {
    // a/an depends on the name's first sound: the wording must not need one (or choose it by select)
    const articleBeforeArgument = /\b(a|an)\s+\{\w+\}/i;
    expect([...english].filter(([, message]) => articleBeforeArgument.test(message)).map(([key]) => key)).toEqual([]);
  });

  it("holds only plain JSON values, which React can send to the browser", () => {
    const plain = (value: unknown): boolean =>
      typeof value !== "object" ||
      value === null ||
      (Object.getPrototypeOf(value) === (Array.isArray(value) ? Array.prototype : Object.prototype) && Object.values(value).every(plain));
    for (const locale of LOCALES) expect(plain(CATALOGUES[locale])).toBe(true);
  });

  it("sends the browser one language, without the server-only namespaces", () => {
    const sw = clientMessages("sw");
    expect(sw.common?.menu.title).toEqual(CATALOGUES.sw.common.menu.title);
    expect(Object.keys(sw)).not.toContain("email");
    expect(Object.keys(sw)).not.toContain("legal");
    expect(Object.keys(sw)).not.toContain("admin");
    expect(sw.newsletter).toBeDefined();
    expect(Object.keys(sw.newsletter ?? {})).not.toContain("email");
    // the admin area's groups travel with admin pages only
    expect(Object.keys(sw.rewards ?? {})).not.toContain("admin");
    expect(Object.keys(sw.messages ?? {})).not.toContain("admin");
    expect(Object.keys(sw.orders ?? {})).not.toContain("admin");
    expect(sw.rewards).toBeDefined();
  });
});
