/** Pieces of the promotional banner: balanced title wrapping and the decorative motif on the right. */
import { circle, MONO, r1, rect, shade, textWidth, txt } from "./svg";
import { header, qfp } from "./parts";

export function wrapText(text: string, size: number, maxWidth: number, maxLines: number, bold: boolean): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (textWidth(next, size, bold) <= maxWidth || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length === 2 && words.length > 2) {
    // balance two lines: choose the break that makes the longer line shortest
    let best = lines;
    let bestW = Math.max(...lines.map((l) => textWidth(l, size, bold)));
    for (let k = 1; k < words.length; k++) {
      const pair = [words.slice(0, k).join(" "), words.slice(k).join(" ")];
      const w = Math.max(...pair.map((l) => textWidth(l, size, bold)));
      if (w < bestW) {
        best = pair;
        bestW = w;
      }
    }
    return best;
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1] ?? "";
  while (last.length > 1 && textWidth(`${last}…`, size, bold) > maxWidth) last = last.slice(0, -1);
  kept[maxLines - 1] = `${last.trimEnd()}…`;
  return kept;
}

/** a decorative motif drawn into a 400 × 300 box */
export function motifSvg(motif: string, accent: string): string {
  const m = motif.toLowerCase();
  const light = shade(accent, 0.55);
  if (m.includes("board")) {
    let s = "";
    const boards: [number, number, number, string][] = [
      [10, 20, -10, "#1565c0"],
      [140, 110, 5, "#00838f"],
    ];
    for (const [x, y, rot, col] of boards) {
      s += `<g transform="rotate(${rot} ${x + 120} ${y + 80})">`;
      s += rect(x + 6, y + 10, 240, 160, "#000000", `rx="12" opacity=".25"`);
      s += rect(x, y, 240, 160, col, `rx="12" stroke="${shade(col, -0.4)}" stroke-width="2"`);
      s += header(x + 60, y + 10, 10, 14) + header(x + 80, y + 136, 8, 14);
      s += qfp(x + 150, y + 84, 58, "#1c1d21", ["MCU"], 6);
      s += rect(x - 14, y + 40, 50, 36, "url(#metal)", `rx="4"`);
      s += rect(x + 40, y + 40, 26, 26, "url(#metal)", `rx="3"`) + circle(x + 53, y + 53, 7, "#2b2d31");
      s += `</g>`;
    }
    return s;
  }
  if (m.includes("solar")) {
    let s = circle(300, 70, 54, "#ffd54a", `opacity=".3"`) + circle(300, 70, 38, "#ffc928");
    for (let i = 0; i < 10; i++) {
      const a = (i * Math.PI) / 5;
      s += `<path d="M${r1(300 + 48 * Math.cos(a))} ${r1(70 + 48 * Math.sin(a))}L${r1(300 + 66 * Math.cos(a))} ${r1(70 + 66 * Math.sin(a))}" stroke="#ffc928" stroke-width="5" stroke-linecap="round"/>`;
    }
    s += `<g transform="translate(170 190) skewX(-14) scale(1 .8) translate(-140 -90)">`;
    s += rect(-8, -8, 296, 196, "url(#metal)", `rx="6"`);
    for (let r = 0; r < 4; r++) for (let col = 0; col < 6; col++) s += rect(col * 47 + 2, r * 45 + 2, 43, 41, "#1d3f8f");
    s += `<path d="M0 0H160L0 150z" fill="#ffffff" opacity=".14"/></g>`;
    return s;
  }
  if (m.includes("tool")) {
    let s = `<g transform="rotate(-10 120 150)">`;
    s += rect(40, 10, 150, 250, "#f2b400", `rx="24"`) + rect(54, 24, 122, 222, "#2b2e33", `rx="14"`);
    s += rect(66, 36, 98, 52, "#b9c7a7", `rx="5"`) + txt(156, 74, "12.56", { size: 28, fill: "#1f2a18", anchor: "end", family: MONO });
    s +=
      circle(115, 150, 36, "#1d1e21") + circle(115, 150, 26, "#3b3e44") + `<path d="M115 150l14 -20" stroke="#fff" stroke-width="5" stroke-linecap="round"/>`;
    s += circle(85, 222, 9, "#d52b1e") + circle(145, 222, 9, "#1b1b1b");
    s += `</g><g transform="rotate(-35 290 160)">`;
    s += rect(230, 140, 130, 36, "#d32f2f", `rx="17"`) + rect(190, 146, 44, 24, "url(#metal)", `rx="5"`) + rect(140, 152, 54, 12, "url(#metal)", `rx="5"`);
    s += `<path d="M142 154l-36 4l36 4z" fill="#8d8f93"/></g>`;
    return s;
  }
  if (m.includes("pcb")) {
    let s = "";
    for (let k = 3; k >= 0; k--) s += rect(60 + k * 18, 40 + k * 18, 260, 180, shade("#1b6e3a", -0.08 * k), `rx="10" stroke="#0d3d1f" stroke-width="2"`);
    let d = "";
    for (let i = 0; i < 6; i++) d += `M90 ${70 + i * 24}H${170 + (i % 3) * 20}l18 ${i % 2 ? 12 : -12}H290`;
    s += `<path d="${d}" stroke="${shade("#1b6e3a", 0.3)}" stroke-width="4" fill="none" stroke-linecap="round"/>`;
    for (let i = 0; i < 6; i++) s += circle(84, 70 + i * 24, 7, "url(#gold)") + circle(296, 70 + i * 24 + (i % 2 ? 12 : -12), 7, "url(#gold)");
    s += circle(350, 50, 40, accent, `stroke="${light}" stroke-width="3"`) + txt(350, 64, "×5", { size: 38, fill: "#ffffff" });
    return s;
  }
  return qfp(200, 150, 150, "#1c1d21", ["IC"], 10) + circle(200, 150, 130, "none", `stroke="${light}" stroke-width="2" opacity=".5" stroke-dasharray="4 10"`);
}
