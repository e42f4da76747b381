import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SubmitButton } from "./submit-button";

describe("SubmitButton", () => {
  it("is one submit button, disabled in the server's HTML (the page's script has not run yet)", () => {
    const html = renderToStaticMarkup(createElement(SubmitButton, { block: true }, "label"));
    expect(html).toMatch(/^<button type="submit" disabled="" class="[^"]*w-full[^"]*">label<\/button>$/);
  });

  it("shows its busy label and state", () => {
    const html = renderToStaticMarkup(createElement(SubmitButton, { busy: true, busyText: "busy label" }, "label"));
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain("busy label");
    expect(html).not.toContain(">label<");
  });
});
