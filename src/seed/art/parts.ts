/** Electronic parts drawn again and again across categories: headers, chips, terminals, capacitors. */
import { circle, linGrad, MONO, r1, rect, SANS, shade, txt } from "./svg";

/** a pin header: black plastic strip with gold square pins */
export function header(x: number, y: number, n: number, pitch = 16, horizontal = true): string {
  const len = n * pitch;
  let s = horizontal ? rect(x, y, len, pitch, "#1d1e21", `rx="2"`) : rect(x, y, pitch, len, "#1d1e21", `rx="2"`);
  for (let i = 0; i < n; i++) {
    const cx = horizontal ? x + pitch * (i + 0.5) : x + pitch / 2;
    const cy = horizontal ? y + pitch / 2 : y + pitch * (i + 0.5);
    s += rect(cx - 3.5, cy - 3.5, 7, 7, "url(#gold)", `rx="1"`);
  }
  return s;
}

/** gold legs hanging from a board edge (a soldered male header seen from the front) */
export function legsDown(x: number, y: number, n: number, pitch: number, len: number): string {
  let s = rect(x, y - 4, n * pitch, 14, "#1d1e21", `rx="2"`);
  for (let i = 0; i < n; i++) s += rect(x + pitch * (i + 0.5) - 3, y + 10, 6, len, "url(#gold)");
  return s;
}

/** a square QFP chip with legs on four sides and a printed marking */
export function qfp(cx: number, cy: number, size: number, body: string, marks: readonly string[], perSide = 8): string {
  const h = size / 2;
  const pitch = (size - 18) / perSide;
  let legs = "";
  for (let i = 0; i < perSide; i++) {
    const o = -h + 9 + pitch * (i + 0.5) - 2;
    legs += rect(cx + o, cy - h - 7, 4, 8, "#c6cbd1") + rect(cx + o, cy + h - 1, 4, 8, "#c6cbd1");
    legs += rect(cx - h - 7, cy + o, 8, 4, "#c6cbd1") + rect(cx + h - 1, cy + o, 8, 4, "#c6cbd1");
  }
  let s = legs + rect(cx - h, cy - h, size, size, body, `rx="4"`);
  s += rect(cx - h + 3, cy - h + 3, size - 6, size - 6, "url(#gloss)", `rx="3" opacity=".5"`);
  s += circle(cx - h + 10, cy - h + 10, 3.5, shade(body, 0.25));
  const fs = size * 0.14;
  marks.forEach((m, i) => {
    s += txt(cx, cy + (i - (marks.length - 1) / 2) * fs * 1.3 + fs * 0.35, m, {
      size: fs,
      fill: "#c9ced6",
      weight: i === 0 ? "bold" : "normal",
      family: i === 0 ? SANS : MONO,
      maxWidth: size - 14,
    });
  });
  return s;
}

/** a DIP chip seen from above: black body, notch, silver legs top and bottom */
export function dip(cx: number, cy: number, w: number, h: number, pins: number, marks: readonly string[]): string {
  const pitch = w / pins;
  let s = "";
  for (let i = 0; i < pins; i++) {
    const x = cx - w / 2 + pitch * (i + 0.5) - pitch * 0.18;
    s += rect(x, cy - h / 2 - 16, pitch * 0.36, 18, "url(#metalH)", `rx="1"`);
    s += rect(x, cy + h / 2 - 2, pitch * 0.36, 18, "url(#metalH)", `rx="1"`);
  }
  s += rect(cx - w / 2, cy - h / 2, w, h, "url(#darkBody)", `rx="6"`);
  s += rect(cx - w / 2 + 4, cy - h / 2 + 3, w - 8, h * 0.45, "url(#gloss)", `rx="4" opacity=".45"`);
  s += `<path d="M${r1(cx - w / 2)} ${r1(cy - 13)}a13 13 0 0 1 0 26z" fill="#0e0f11"/>`;
  s += circle(cx - w / 2 + 30, cy + h / 2 - 20, 6, "#2c2e33");
  const fs = h * 0.24;
  marks.forEach((m, i) => {
    s += txt(cx + 8, cy + (i - (marks.length - 1) / 2) * fs * 1.35 + fs * 0.35, m, {
      size: i === 0 ? fs : fs * 0.7,
      fill: "#d0d4da",
      weight: i === 0 ? "bold" : "normal",
      family: i === 0 ? SANS : MONO,
      maxWidth: w - 80,
    });
  });
  return s;
}

export function smd(x: number, y: number, kind: number, horizontal: boolean): string {
  const w = horizontal ? 16 : 8;
  const h = horizontal ? 8 : 16;
  const body = kind === 0 ? "#1c1c1c" : kind === 1 ? "#c9a77a" : "#6b5b4b";
  const end = "#d7dadf";
  if (horizontal) return rect(x, y, w, h, body, `rx="1"`) + rect(x, y, 4, h, end) + rect(x + w - 4, y, 4, h, end);
  return rect(x, y, w, h, body, `rx="1"`) + rect(x, y, w, 4, end) + rect(x, y + h - 4, w, 4, end);
}

export function mountingHole(cx: number, cy: number, bg: string, r = 10): string {
  return circle(cx, cy, r, "url(#gold)") + circle(cx, cy, r * 0.55, bg);
}

export function screwTerminal(x: number, y: number, n: number, color = "#1f6fd1"): string {
  let s = rect(x, y, n * 34, 44, color, `rx="4"`) + rect(x, y, n * 34, 12, shade(color, 0.2), `rx="4"`);
  for (let i = 0; i < n; i++) {
    const cx = x + 17 + i * 34;
    s += circle(cx, y + 26, 11, "url(#metal)") + `<path d="M${cx - 7} ${y + 26}h14" stroke="#5d636b" stroke-width="3"/>`;
  }
  return s;
}

export function trimpot(cx: number, cy: number): string {
  return (
    rect(cx - 18, cy - 18, 36, 36, "#2a63c9", `rx="4"`) +
    circle(cx, cy, 11, "url(#gold)") +
    `<path d="M${cx - 7} ${cy + 7}l14 -14" stroke="#8a6d15" stroke-width="3"/>`
  );
}

export function electrolytic(cx: number, bottom: number, w: number, h: number, sleeve: string): string {
  const x = cx - w / 2;
  const y = bottom - h;
  const id = `ec${Math.round(cx)}${Math.round(bottom)}`;
  let s = linGrad(
    id,
    [
      [0, shade(sleeve, -0.35)],
      [0.3, shade(sleeve, 0.25)],
      [0.55, sleeve],
      [1, shade(sleeve, -0.45)],
    ],
    false,
  );
  s += rect(x, y, w, h, `url(#${id})`, `rx="${r1(w * 0.16)}"`);
  s += rect(x + w * 0.68, y + 6, w * 0.2, h - 12, "#dfe3e8", `opacity=".75"`);
  s += `<ellipse cx="${r1(cx)}" cy="${r1(y + 5)}" rx="${r1(w / 2 - 2)}" ry="${r1(w * 0.14)}" fill="url(#metal)"/>`;
  return s;
}
