import { describe, expect, it } from "vitest";
import { DEFAULT_THEME, THEME_BOOT_SCRIPT, THEME_KEY, isTheme, nextTheme } from "./theme";

describe("theme", () => {
  it("cycles white → gray → dark → white", () => {
    expect(nextTheme("white")).toBe("gray");
    expect(nextTheme("gray")).toBe("dark");
    expect(nextTheme("dark")).toBe("white");
  });

  it("accepts only the three themes", () => {
    expect(isTheme("dark")).toBe(true);
    expect(isTheme("blue")).toBe(false);
    expect(isTheme(null)).toBe(false);
    expect(DEFAULT_THEME).toBe("white");
  });

  it("boot script applies a stored theme and ignores anything else", () => {
    const run = (stored: string | null) => {
      const root = { dataset: {} as Record<string, string> };
      const storage = { getItem: (key: string) => (key === THEME_KEY ? stored : null) };
      new Function("localStorage", "document", THEME_BOOT_SCRIPT)(storage, { documentElement: root });
      return root.dataset.theme;
    };
    expect(run("dark")).toBe("dark");
    expect(run("gray")).toBe("gray");
    expect(run("<script>")).toBeUndefined();
    expect(run(null)).toBeUndefined();
  });
});
