/**
 * One illustrated object per category (a dev board, a sensor module, a solar panel, …), drawn into
 * a 640 × 640 canvas; within a category the palette, pin counts, part positions and sub-kind vary
 * with the product.
 */
import { fnv1a } from "@/lib/random";
import { circle, hsl, linGrad, luminance, MONO, r1, rect, Rng, shade, txt } from "./svg";
import { dip, electrolytic, header, legsDown, mountingHole, qfp, screwTerminal, smd, trimpot } from "./parts";

export interface Palette {
  hue: number;
  accent: string;
  bgTop: string;
  bgBottom: string;
}

export function makePalette(seed: number): Palette {
  const hue = seed % 360;
  return {
    hue,
    accent: hsl(hue, 62, 40),
    bgTop: hsl(hue, 40, 97),
    bgBottom: hsl(hue + 24, 32, 86),
  };
}

export interface Ctx {
  rng: Rng;
  pal: Palette;
  /** lower-case name, used to pick a sub-kind (ultrasonic vs PIR, cell vs power supply …) */
  name: string;
  brand: string;
  sku: string;
  label: string;
  defs: string[];
}

export interface Drawing {
  body: string;
  shadow?: { cx?: number; cy?: number; rx?: number; ry?: number };
  /** the drawing tilts itself (diagonal cables, irons); skip the global tilt */
  noTilt?: boolean;
  /** enlargement about the centre (default 1.1) */
  scale?: number;
}

function has(name: string, re: RegExp): boolean {
  return re.test(name);
}

function brandMark(c: Ctx, max = 14): string {
  const b = c.brand.trim().toUpperCase();
  return b.length > max ? b.slice(0, max) : b || "TZ";
}

function partCode(c: Ctx, prefix: string): string {
  const n = fnv1a(c.sku) % 9000;
  return `${prefix}${1000 + n}`;
}

/** a narrow breadboard-friendly board (Nano, Pico, Blue Pill …): pins along both long edges */
function drawStickBoard(c: Ctx, board: string): Drawing {
  const { rng } = c;
  const W = rng.int(400, 450);
  const H = rng.int(150, 170);
  const x0 = 320 - W / 2;
  const y0 = 250 - H / 2;
  c.defs.push(
    linGrad("pcb", [
      [0, shade(board, 0.14)],
      [1, shade(board, -0.2)],
    ]),
  );
  let s = rect(x0, y0, W, H, "url(#pcb)", `rx="10" stroke="${shade(board, -0.4)}" stroke-width="2"`);
  const pins = Math.floor((W - 60) / 18);
  for (const y of [y0 + 8, y0 + H - 24]) {
    for (let i = 0; i < pins; i++) s += circle(x0 + 44 + i * 18, y + 8, 7.5, "url(#gold)") + circle(x0 + 44 + i * 18, y + 8, 3.2, shade(board, -0.6));
  }
  // USB at the left end
  s += rect(x0 - 16, 250 - 22, 54, 44, "url(#metal)", `rx="8" stroke="#7b8087" stroke-width="1.5"`) + rect(x0 - 16, 250 - 9, 8, 18, "#2b2f33", `rx="3"`);
  const cs = rng.int(62, 74);
  const ccx = x0 + W * rng.range(0.52, 0.62);
  s += qfp(ccx, 250, cs, "#1c1d21", [brandMark(c), partCode(c, "M")], 7);
  s += rect(ccx - cs / 2 - 54, 238, 30, 14, "url(#metal)", `rx="7"`) + smd(ccx - cs / 2 - 50, 262, 0, true);
  s += rect(x0 + W - 92, 230, 32, 32, "url(#metal)", `rx="4"`) + circle(x0 + W - 76, 246, 9, "#2b2d31");
  s += circle(x0 + W - 34, 236, 9, "#2ecc71", `opacity=".3"`) + rect(x0 + W - 39, 232, 10, 8, "#2ecc71", `rx="1"`);
  s += smd(x0 + W - 40, 256, 1, false);
  s += rect(x0 + 4, y0 + 4, W - 8, H * 0.4, "url(#gloss)", `rx="8" opacity=".3"`);
  return { body: s, shadow: { cy: y0 + H + 24, rx: W * 0.58 } };
}

/** a single-board computer: SoC, 2×20 header, USB and Ethernet blocks on one edge */
function drawSbc(c: Ctx): Drawing {
  const { rng } = c;
  const board = rng.pick(["#1b7a3a", "#167a4a", "#0f6b3a"]);
  c.defs.push(
    linGrad("pcb", [
      [0, shade(board, 0.14)],
      [1, shade(board, -0.2)],
    ]),
  );
  const x0 = 110;
  const y0 = 120;
  const W = 400;
  const H = 260;
  let s = rect(x0, y0, W, H, "url(#pcb)", `rx="14" stroke="${shade(board, -0.4)}" stroke-width="2"`);
  for (const [hx, hy] of [
    [x0 + 18, y0 + 18],
    [x0 + 300, y0 + 18],
    [x0 + 18, y0 + H - 18],
    [x0 + 300, y0 + H - 18],
  ] as const)
    s += mountingHole(hx, hy, c.pal.bgBottom, 9);
  s += header(x0 + 40, y0 + 10, 15, 16) + header(x0 + 40, y0 + 26, 15, 16);
  s += rect(x0 + 70, y0 + 96, 96, 96, "url(#metal)", `rx="6" stroke="#80868e" stroke-width="2"`);
  s += txt(x0 + 118, y0 + 150, partCode(c, "BCM"), { size: 15, fill: "#4a5058", family: MONO, weight: "normal", maxWidth: 84 });
  s += rect(x0 + 190, y0 + 110, 60, 70, "#1c1d21", `rx="4"`);
  // USB and Ethernet stacks overhanging the right edge
  s += rect(x0 + W - 60, y0 + 20, 84, 64, "url(#metal)", `rx="4" stroke="#80868e" stroke-width="2"`) + rect(x0 + W + 10, y0 + 32, 14, 40, "#1f6fd1");
  s += rect(x0 + W - 60, y0 + 98, 84, 64, "url(#metal)", `rx="4" stroke="#80868e" stroke-width="2"`) + rect(x0 + W + 10, y0 + 110, 14, 40, "#1b1b1b");
  s += rect(x0 + W - 66, y0 + 176, 90, 72, "url(#metal)", `rx="4" stroke="#80868e" stroke-width="2"`) + rect(x0 + W + 8, y0 + 190, 16, 44, "#2b2f33");
  // micro-HDMI and USB-C on the bottom edge
  for (const hx of [x0 + 50, x0 + 120, x0 + 180]) s += rect(hx, y0 + H - 30, 44, 40, "url(#metal)", `rx="5" stroke="#80868e" stroke-width="1.5"`);
  s += rect(x0 + 4, y0 + 4, W - 8, H * 0.4, "url(#gloss)", `rx="12" opacity=".3"`);
  return { body: s, shadow: { cy: y0 + H + 26, rx: 250 } };
}

function drawMicrocontroller(c: Ctx): Drawing {
  const { rng, name } = c;
  const board = rng.pick(["#00838f", "#1565c0", "#1b6e3a", "#222428", "#8e1b2a", "#4527a0", "#00695c", "#263c59"]);
  if (has(name, /raspberry pi/) && !has(name, /pico/)) return drawSbc(c);
  if (has(name, /nano|pico|mini|pill|xiao|zero|wemos|d1|c3|stick|teensy/) || (!has(name, /uno|mega|due|leonardo|devkit/) && rng.chance(0.3)))
    return drawStickBoard(c, board);
  const W = rng.int(384, 430);
  const H = rng.int(232, 262);
  const x0 = 320 - W / 2;
  const y0 = 250 - H / 2;
  c.defs.push(
    linGrad("pcb", [
      [0, shade(board, 0.14)],
      [1, shade(board, -0.2)],
    ]),
  );
  let s = rect(x0, y0, W, H, "url(#pcb)", `rx="14" stroke="${shade(board, -0.4)}" stroke-width="2"`);
  // traces
  let d = "";
  for (let i = 0; i < 6; i++) {
    const y = y0 + 58 + (i * (H - 116)) / 5;
    const xa = x0 + 70 + rng.range(0, 40);
    const xb = x0 + W * rng.range(0.42, 0.62);
    const yb = y + rng.range(-24, 24);
    d += `M${r1(xa)} ${r1(y)}H${r1(xb)}L${r1(xb + 22)} ${r1(yb)}H${r1(x0 + W - 40)}`;
  }
  s += `<path d="${d}" stroke="${shade(board, 0.3)}" stroke-width="3" fill="none" opacity=".45" stroke-linecap="round"/>`;
  // mounting holes
  for (const [hx, hy] of [
    [x0 + 18, y0 + 18],
    [x0 + W - 18, y0 + H - 18],
    [x0 + W - 18, y0 + 18],
  ] as const)
    s += mountingHole(hx, hy, c.pal.bgBottom, 9);
  // headers
  const maxTop = Math.floor((W - 110) / 16);
  const nTop = rng.int(Math.max(10, maxTop - 6), maxTop);
  s += header(x0 + W - 36 - nTop * 16, y0 + 12, nTop);
  const maxBot = Math.floor((W - 170) / 16);
  const nBot = rng.int(Math.max(6, maxBot - 5), maxBot);
  s += header(x0 + W - 36 - nBot * 16, y0 + H - 28, nBot);
  // USB port, protruding from the left edge
  const usbY = y0 + rng.range(44, 64);
  if (rng.chance(0.5)) {
    s += rect(x0 - 26, usbY, 78, 54, "url(#metal)", `rx="4" stroke="#7b8087" stroke-width="1.5"`);
    s += rect(x0 - 26, usbY + 14, 14, 26, "#2b2f33", `rx="2"`);
  } else {
    s += rect(x0 - 14, usbY + 8, 50, 34, "url(#metal)", `rx="6" stroke="#7b8087" stroke-width="1.5"`);
    s += rect(x0 - 14, usbY + 17, 8, 16, "#2b2f33", `rx="3"`);
  }
  // barrel jack on some boards
  if (rng.chance(0.55)) {
    const by = y0 + H - 96;
    s += rect(x0 - 22, by, 80, 56, "#1b1c1f", `rx="6"`) + rect(x0 - 22, by, 80, 16, "#2a2c30", `rx="6"`);
    s += circle(x0 - 4, by + 30, 13, "#3b3e44") + circle(x0 - 4, by + 30, 4, "url(#metal)");
  }
  // main chip
  const cs = rng.int(80, 98);
  const ccx = x0 + W * rng.range(0.6, 0.7);
  const ccy = y0 + H * rng.range(0.48, 0.54);
  s += qfp(ccx, ccy, cs, "#1c1d21", [brandMark(c), partCode(c, "M")], rng.int(7, 10));
  // crystal
  s += rect(ccx - cs / 2 - 54, ccy + 14, 30, 14, "url(#metal)", `rx="7"`);
  // small SMD parts in the free area left of the chip
  const left = x0 + 96;
  const right = ccx - cs / 2 - 40;
  for (let i = 0; i < 6; i++) {
    const px = left + ((i % 3) * (right - left)) / 3;
    const py = y0 + H * 0.56 + Math.floor(i / 3) * 30;
    s += smd(px, py, rng.int(0, 2), rng.chance(0.6));
  }
  // reset button
  const bx = x0 + 92;
  const byy = y0 + 46;
  s += rect(bx, byy, 32, 32, "url(#metal)", `rx="4"`) + circle(bx + 16, byy + 16, 9, "#2b2d31");
  // LEDs
  const ledColors = ["#ff8a00", "#2ecc71", "#ff3b30"];
  for (let i = 0; i < 3; i++) {
    const lx = bx + 54 + i * 22;
    const lc = ledColors[i] ?? "#ff8a00";
    s += circle(lx + 5, byy + 10, 9, lc, `opacity=".25"`) + rect(lx, byy + 6, 10, 8, lc, `rx="1"`);
  }
  s += rect(x0 + 4, y0 + 4, W - 8, H * 0.4, "url(#gloss)", `rx="12" opacity=".35"`);
  return { body: s, shadow: { cy: y0 + H + 22, rx: W * 0.58 } };
}

/** a fork-shaped soil-moisture probe with its small comparator board */
function drawSoilProbe(c: Ctx, board: string): Drawing {
  const { rng } = c;
  let s = "";
  // comparator board on the left, wired to the probe
  s += `<path d="M216 190C250 150 300 150 330 130" stroke="#d52b1e" stroke-width="5" fill="none"/><path d="M216 204C256 170 300 170 330 148" stroke="#1b1b1b" stroke-width="5" fill="none"/>`;
  s += rect(110, 150, 120, 90, board, `rx="8" stroke="${shade(board, -0.4)}" stroke-width="2"`);
  s += trimpot(140, 190) + rect(172, 176, 40, 28, "#1c1d21", `rx="2"`) + circle(214, 224, 5, "#ff3b30");
  s += legsDown(130, 236, 4, 18, 30);
  // the fork
  const x0 = 330;
  const prong = rng.int(190, 220);
  s += `<path d="M${x0} 110h150v80h-14v${prong}l-18 26l-18 -26v-${prong}h-50v${prong}l-18 26l-18 -26v-${prong}h-14z" fill="${board}" stroke="${shade(board, -0.4)}" stroke-width="2"/>`;
  s += rect(x0 + 27, 200, 10, prong - 20, "url(#gold)", `rx="3"`) + rect(x0 + 113, 200, 10, prong - 20, "url(#gold)", `rx="3"`);
  s += rect(x0 + 10, 122, 60, 24, "#1d1e21", `rx="2"`) + rect(x0 + 20, 128, 8, 12, "url(#gold)") + rect(x0 + 44, 128, 8, 12, "url(#gold)");
  s += rect(x0 + 4, 114, 142, 30, "url(#gloss)", `rx="6" opacity=".4"`);
  return { body: s, shadow: { cy: 440, rx: 220 } };
}

function drawSensor(c: Ctx): Drawing {
  const { rng, name } = c;
  const board = rng.pick(["#1565c0", "#0d47a1", "#5e35b1", "#6a1b9a", "#1e63c4", "#283593", "#3949ab"]);
  c.defs.push(
    linGrad("pcb", [
      [0, shade(board, 0.16)],
      [1, shade(board, -0.18)],
    ]),
  );
  let kind: "ultrasonic" | "pir" | "gas" | "dht" | "chip";
  if (has(name, /soil|moisture|rain|water level/)) return drawSoilProbe(c, board);
  if (has(name, /ultra|sonar|sr04|distance/)) kind = "ultrasonic";
  else if (has(name, /pir|motion|infrared|presence/)) kind = "pir";
  else if (has(name, /gas|mq-?\d|smoke|alcohol|air quality/)) kind = "gas";
  else if (has(name, /dht|humid|temperature/)) kind = "dht";
  else kind = has(name, /sound|mic|audio|light|ldr|photo|lux/) ? "chip" : rng.pick(["chip", "chip", "gas", "dht"] as const);

  const W = kind === "ultrasonic" ? 400 : rng.int(270, 320);
  const H = kind === "ultrasonic" ? 190 : rng.int(220, 250);
  const x0 = 320 - W / 2;
  const y0 = 236 - H / 2;
  let s = rect(x0, y0, W, H, "url(#pcb)", `rx="12" stroke="${shade(board, -0.4)}" stroke-width="2"`);
  s += mountingHole(x0 + 18, y0 + 18, c.pal.bgBottom, 9) + mountingHole(x0 + W - 18, y0 + 18, c.pal.bgBottom, 9);
  const pins = kind === "ultrasonic" ? 4 : rng.int(3, 6);
  const pitch = 24;
  s += legsDown(320 - (pins * pitch) / 2, y0 + H - 4, pins, pitch, 46);
  const mid = y0 + H / 2 - 8;
  if (kind === "ultrasonic") {
    for (const dx of [-100, 100]) {
      s += circle(320 + dx, mid, 76, "url(#metal)", `stroke="#80868e" stroke-width="2"`);
      s += circle(320 + dx, mid, 58, "#2a2c30") + circle(320 + dx, mid, 58, "url(#mesh)", `opacity=".9"`);
      s += circle(320 + dx, mid, 16, "#54585f");
    }
    c.defs.push(
      `<pattern id="mesh" width="8" height="8" patternUnits="userSpaceOnUse"><rect width="8" height="8" fill="#2a2c30"/><circle cx="4" cy="4" r="2" fill="#5a5e66"/></pattern>`,
    );
    s += rect(304, mid - 34, 32, 14, "url(#metal)", `rx="7"`);
  } else if (kind === "pir") {
    s += rect(320 - 84, mid - 84, 168, 168, "#eceae4", `rx="8"`);
    c.defs.push(
      `<radialGradient id="dome" cx=".4" cy=".35" r=".7"><stop offset="0" stop-color="#ffffff"/><stop offset=".7" stop-color="#e9e8e2"/><stop offset="1" stop-color="#c9c7bf"/></radialGradient>`,
    );
    s += circle(320, mid, 74, "url(#dome)", `stroke="#cfcdc5" stroke-width="2"`);
    let facets = "";
    for (let i = 1; i < 4; i++) facets += `<ellipse cx="320" cy="${r1(mid)}" rx="${74 - i * 18}" ry="74" fill="none" stroke="#d3d1c9" stroke-width="2"/>`;
    facets += `<path d="M246 ${r1(mid)}H394" stroke="#d3d1c9" stroke-width="2"/>`;
    s += facets;
  } else if (kind === "gas") {
    c.defs.push(
      `<pattern id="mesh" width="7" height="7" patternUnits="userSpaceOnUse"><rect width="7" height="7" fill="#c3c8ce"/><path d="M0 0L7 7M7 0L0 7" stroke="#7c828a" stroke-width="1.2"/></pattern>`,
    );
    s += circle(320, mid, 78, "#c46b28") + circle(320, mid, 64, "url(#mesh)", `stroke="#8d939b" stroke-width="3"`);
    s += circle(320, mid, 64, "url(#gloss)", `opacity=".6"`);
    s += trimpot(x0 + W - 40, y0 + H - 50);
  } else if (kind === "dht") {
    const body = rng.pick(["#f4f4f2", "#3c8fd8"]);
    s += rect(320 - 70, mid - 86, 140, 168, body, `rx="8" stroke="${shade(body, -0.2)}" stroke-width="2"`);
    for (let row = 0; row < 5; row++) {
      for (let col = 0; col < 4; col++) s += rect(320 - 54 + col * 28, mid - 70 + row * 28, 16, 18, shade(body, -0.3), `rx="3"`);
    }
  } else {
    s += qfp(320 - 40, mid, 64, "#1c1d21", [partCode(c, "S").slice(0, 5)], 6);
    const alt = has(name, /light|ldr|photo|lux/) || (!has(name, /sound|mic|audio/) && rng.chance(0.5));
    if (alt) {
      // light-dependent resistor
      s += circle(320 + 62, mid, 28, "#e8c98f", `stroke="#b08a45" stroke-width="3"`);
      s += `<path d="M${320 + 44} ${r1(mid - 8)}h30l-24 8h24l-24 8h30" stroke="#b3362b" stroke-width="3" fill="none"/>`;
    } else {
      // electret microphone
      s += circle(320 + 62, mid, 28, "#25272b") + circle(320 + 62, mid, 18, "#3b3e44") + circle(320 + 62, mid, 18, "url(#gloss)");
    }
    s += trimpot(x0 + W - 42, y0 + H - 52);
  }
  // power LED and SMD parts
  s += circle(x0 + 34, y0 + H - 40, 9, "#ff3b30", `opacity=".3"`) + rect(x0 + 29, y0 + H - 44, 10, 8, "#ff3b30", `rx="1"`);
  s += smd(x0 + 54, y0 + H - 48, 0, true) + smd(x0 + 54, y0 + H - 30, 1, true);
  s += rect(x0 + 4, y0 + 4, W - 8, H * 0.4, "url(#gloss)", `rx="10" opacity=".3"`);
  return { body: s, shadow: { cy: y0 + H + 62, rx: W * 0.6 } };
}

const BAND_COLORS = ["#111111", "#7a4a21", "#d52b1e", "#f07c00", "#f2c200", "#2f9a3c", "#1f5fd1", "#7b3fb3", "#8c8c8c", "#f5f5f5"];

/** colour-band digits for a label such as "10kΩ", "220R" or "4.7k" (gold tolerance band last) */
function resistorBands(label: string): number[] | null {
  const m = /^\s*(\d+(?:[.,]\d+)?)\s*([kKmMrR]?)/.exec(label);
  if (!m || !m[1]) return null;
  const unit = (m[2] ?? "").toLowerCase();
  let ohms = parseFloat(m[1].replace(",", ".")) * (unit === "k" ? 1e3 : unit === "m" ? 1e6 : 1);
  if (!(ohms >= 10) || ohms > 99e9) return null;
  let mult = 0;
  while (ohms >= 100) {
    ohms /= 10;
    mult++;
  }
  const two = Math.round(ohms);
  if (two >= 100 || mult > 9) return null;
  return [Math.floor(two / 10), two % 10, mult, 10];
}

function drawPassive(c: Ctx): Drawing {
  const { rng, name } = c;
  const caps = has(name, /capacitor|\bcap|µf|uf\b|farad|electrolytic|ceramic/) || (!has(name, /resistor|ohm|ω|potentiometer|kit/) && rng.chance(0.4));
  let s = "";
  if (!caps) {
    const body = rng.pick(["#e6cf9f", "#8fb8e6", "#d9c39a", "#a7c7e7"]);
    c.defs.push(
      linGrad("res", [
        [0, shade(body, 0.35)],
        [0.45, body],
        [1, shade(body, -0.3)],
      ]),
    );
    const rows = [150, 250, 350];
    rows.forEach((y, i) => {
      const off = (i - 1) * rng.range(10, 26);
      const cx = 320 + off;
      const bw = 240;
      s += `<path d="M90 ${y}H${cx - bw / 2}M${cx + bw / 2} ${y}H550" stroke="#a3a9b0" stroke-width="6" stroke-linecap="round"/>`;
      s += `<path d="M${cx - bw / 2 + 20} ${y - 34}h${bw - 40}a20 20 0 0 1 20 20v28a20 20 0 0 1 -20 20h-${bw - 40}a20 20 0 0 1 -20 -20v-28a20 20 0 0 1 20 -20z" fill="url(#res)" stroke="${shade(body, -0.35)}" stroke-width="1.5"/>`;
      const bands = resistorBands(c.label) ?? [rng.int(1, 9), rng.int(0, 9), rng.int(0, 6), 10];
      bands.forEach((b, k) => {
        const bx = k < 3 ? cx - bw / 2 + 40 + k * 34 : cx + bw / 2 - 56;
        const col = b === 10 ? "#c9a227" : (BAND_COLORS[b] ?? "#111111");
        s += rect(bx, y - 34, 16, 68, col);
      });
      s += rect(cx - bw / 2 + 10, y - 28, bw - 20, 16, "#ffffff", `rx="8" opacity=".3"`);
    });
    return { body: s, shadow: { cy: 420, rx: 250 } };
  }
  const sleeve = rng.pick(["#1f2a44", "#1d4ea3", "#2b2b2b", "#5b2a86", "#0f5e4f"]);
  // legs
  s += `<path d="M220 370V430M260 370V420M392 380V436M410 380V430M480 370V430M508 370V424" stroke="#a3a9b0" stroke-width="5" stroke-linecap="round"/>`;
  s += electrolytic(240, 372, 110, 230, sleeve);
  const disc = rng.pick(["#f2a23a", "#e8c23e", "#d9773b"]);
  s += `<ellipse cx="401" cy="330" rx="46" ry="50" fill="${disc}" stroke="${shade(disc, -0.3)}" stroke-width="2"/>`;
  s += `<ellipse cx="390" cy="315" rx="20" ry="16" fill="#ffffff" opacity=".35"/>`;
  s += txt(401, 340, rng.pick(["104", "103", "222", "471"]), { size: 24, fill: shade(disc, -0.55) });
  s += electrolytic(494, 372, 76, 150, shade(sleeve, 0.15));
  return { body: s, shadow: { cy: 440, rx: 230 } };
}

function drawPower(c: Ctx): Drawing {
  const { rng, name } = c;
  let kind: "cell" | "supply" | "module" | "pack";
  if (has(name, /supply|adapter|psu|smps|charger|transformer/)) kind = "supply";
  else if (has(name, /buck|boost|regulator|converter|step[- ]?(up|down)|module|lm2596|xl\d/)) kind = "module";
  else if (has(name, /lipo|li-po|pouch|pack/)) kind = "pack";
  else if (has(name, /battery|cell|18650|aa\b|aaa|li-?ion|lithium|holder/)) kind = "cell";
  else kind = rng.pick(["cell", "supply", "module"] as const);
  let s = "";
  if (kind === "cell") {
    const wrap = rng.pick(["#1f7a3a", "#1d4ea3", "#c62828", "#6a1b9a", "#ef6c00", "#263238"]);
    c.defs.push(
      linGrad("wrap", [
        [0, shade(wrap, 0.3)],
        [0.25, shade(wrap, 0.1)],
        [0.6, wrap],
        [1, shade(wrap, -0.45)],
      ]),
    );
    const two = rng.chance(0.5);
    const cells = two
      ? [
          [-10, 175],
          [10, 315],
        ]
      : [[0, 250]];
    for (const [dx, cy] of cells) {
      const x = 120 + (dx ?? 0);
      const y = (cy ?? 250) - 62;
      s += rect(x - 14, y + 40, 22, 44, "url(#metal)", `rx="5"`);
      s += rect(x, y, 400, 124, "url(#wrap)", `rx="22"`);
      s += rect(x + 388, y + 6, 14, 112, "url(#metal)", `rx="6"`);
      s += rect(x + 40, y + 18, 3, 88, "#ffffff", `opacity=".6"`);
      s += txt(x + 215, y + 74, brandMark(c), { size: 30, maxWidth: 260, fill: "#ffffff", spacing: 2, extra: `font-style="italic"` });
      s += txt(x + 70, y + 72, "+", { size: 30, fill: "#ffffff" });
      s += rect(x + 10, y + 8, 380, 26, "#ffffff", `rx="12" opacity=".22"`);
    }
    return { body: s, shadow: { cy: two ? 408 : 338, rx: 240 } };
  }
  if (kind === "pack") {
    s += rect(150, 130, 340, 230, "url(#metal)", `rx="14" stroke="#8d939b" stroke-width="2"`);
    const lab = rng.pick(["#1d4ea3", "#c62828", "#222428", "#1f7a3a"]);
    s += rect(170, 170, 300, 150, lab, `rx="8"`);
    s += txt(320, 236, brandMark(c), { size: 30, maxWidth: 270, fill: "#ffffff", spacing: 2 });
    s += txt(320, 282, "Li-Po", { size: 22, fill: "#ffffff", weight: "normal" });
    s += `<path d="M300 360c0 40 -30 50 -60 60M330 360c0 40 -20 56 -50 66" stroke-width="8" fill="none" stroke-linecap="round" stroke="#d52b1e"/>`;
    s += `<path d="M330 360c0 40 -20 56 -50 66" stroke-width="8" fill="none" stroke-linecap="round" stroke="#1b1b1b"/>`;
    s += rect(214, 404, 56, 30, "#f4f4f2", `rx="4" stroke="#c7c7c0" stroke-width="2"`);
    return { body: s, shadow: { cy: 440, rx: 220 } };
  }
  if (kind === "supply") {
    c.defs.push(
      `<pattern id="vent" width="14" height="14" patternUnits="userSpaceOnUse"><rect width="14" height="14" fill="#c8cdd3"/><circle cx="7" cy="7" r="3.6" fill="#596069"/></pattern>`,
    );
    s += `<path d="M130 170l60 -50h300l-60 50z" fill="#d8dde2" stroke="#9aa0a8" stroke-width="2"/>`;
    s += `<path d="M430 170l60 -50v210l-60 50z" fill="#9ea5ad"/>`;
    s += rect(130, 170, 300, 210, "url(#metal)", `stroke="#8f959d" stroke-width="2"`);
    s += `<path d="M200 130h220l-30 25h-220z" fill="url(#vent)" opacity=".9"/>`;
    s += rect(150, 300, 260, 56, "#1d1e21", `rx="4"`);
    for (let i = 0; i < 7; i++) s += circle(172 + i * 36, 328, 11, "url(#metal)") + `<path d="M${165 + i * 36} 328h14" stroke="#5d636b" stroke-width="3"/>`;
    s += circle(160, 200, 8, "#2ecc71", `opacity=".35"`) + circle(160, 200, 4, "#2ecc71");
    s += trimpot(200, 204).replace(/#2a63c9/g, "#e9e9e9");
    s += txt(330, 240, brandMark(c), { size: 26, fill: "#3a3f46", maxWidth: 170 });
    return { body: s, shadow: { cy: 392, rx: 230 } };
  }
  // DC-DC module
  const board = rng.pick(["#1e63c4", "#1b6e3a", "#b71c1c", "#222428"]);
  c.defs.push(
    linGrad("pcb", [
      [0, shade(board, 0.16)],
      [1, shade(board, -0.2)],
    ]),
  );
  s += rect(150, 140, 340, 220, "url(#pcb)", `rx="10" stroke="${shade(board, -0.4)}" stroke-width="2"`);
  s += rect(170, 190, 110, 110, "#26282c", `rx="10"`) + circle(225, 245, 38, "#b36a2c") + circle(225, 245, 22, "#26282c");
  s += electrolytic(330, 330, 56, 120, "#1f2a44") + electrolytic(400, 330, 56, 120, "#1f2a44");
  s += trimpot(452, 180);
  s += rect(160, 150, 36, 30, "url(#gold)", `rx="3"`) + rect(160, 322, 36, 30, "url(#gold)", `rx="3"`);
  s += rect(444, 322, 36, 30, "url(#gold)", `rx="3"`) + rect(444, 226, 36, 30, "url(#gold)", `rx="3"`);
  return { body: s, shadow: { cy: 384, rx: 210 } };
}

function drawDisplay(c: Ctx): Drawing {
  const { rng, name } = c;
  let kind: "oled" | "lcd" | "tft";
  if (has(name, /oled/)) kind = "oled";
  else if (has(name, /1602|2004|16x2|20x4|character|lcd/) && !has(name, /tft|ips|touch|colou?r/)) kind = "lcd";
  else if (has(name, /tft|ips|touch|colou?r|e-?paper|ink/)) kind = "tft";
  else kind = rng.pick(["oled", "lcd", "tft"] as const);
  let s = "";
  if (kind === "oled") {
    const board = rng.pick(["#1d3f8f", "#222428", "#1565c0"]);
    s += rect(200, 120, 240, 250, board, `rx="12" stroke="${shade(board, -0.4)}" stroke-width="2"`);
    s += mountingHole(216, 136, c.pal.bgBottom, 8) + mountingHole(424, 136, c.pal.bgBottom, 8);
    s += header(288, 130, 4);
    s += rect(210, 172, 220, 160, "#0b0c0e", `rx="4"`);
    const col = rng.pick(["#7fe7ff", "#ffffff", "#ffd84d"]);
    s += txt(226, 208, "TZS", { size: 20, fill: col, anchor: "start", family: MONO });
    s += txt(414, 208, `${rng.int(10, 99)}%`, { size: 20, fill: col, anchor: "end", family: MONO });
    s += txt(320, 262, `${rng.int(18, 34)}.${rng.int(0, 9)}°C`, { size: 42, fill: col, family: MONO });
    let d = "M226 310";
    for (let i = 1; i <= 12; i++) d += `L${226 + i * 15.6} ${r1(300 + Math.sin(i * 0.9 + rng.range(0, 3)) * 10)}`;
    s += `<path d="${d}" stroke="${col}" stroke-width="2.5" fill="none"/>`;
    s += rect(212, 174, 216, 60, "url(#gloss)", `opacity=".25"`);
    return { body: s, shadow: { cy: 392, rx: 170 } };
  }
  if (kind === "lcd") {
    const board = rng.pick(["#1b6e3a", "#1d4ea3"]);
    const blue = rng.chance(0.5);
    s += rect(110, 140, 420, 220, board, `rx="10" stroke="${shade(board, -0.4)}" stroke-width="2"`);
    for (const [hx, hy] of [
      [126, 156],
      [514, 156],
      [126, 344],
      [514, 344],
    ] as const)
      s += mountingHole(hx, hy, c.pal.bgBottom, 8);
    s += header(192, 144, 16);
    s += rect(140, 182, 360, 150, "#26282c", `rx="6"`);
    const bg = blue ? "#2458d6" : "#a9c934";
    const fg = blue ? "#e9f1ff" : "#1e2a0c";
    s += rect(160, 204, 320, 106, bg, `rx="3"`);
    s += txt(172, 248, "Karibu! TZ", { size: 30, fill: fg, anchor: "start", family: MONO });
    s += txt(172, 292, `T:${rng.int(22, 35)}C H:${rng.int(40, 90)}%`, { size: 30, fill: fg, anchor: "start", family: MONO });
    s += rect(160, 204, 320, 40, "url(#gloss)", `opacity=".35"`);
    return { body: s, shadow: { cy: 380, rx: 240 } };
  }
  const frame = rng.pick(["#b71c1c", "#222428", "#1d3f8f"]);
  s += rect(140, 110, 360, 280, frame, `rx="12" stroke="${shade(frame, -0.4)}" stroke-width="2"`);
  s += rect(156, 126, 328, 232, "#0e0f12", `rx="4"`);
  const hue = rng.int(0, 359);
  c.defs.push(
    linGrad("scr", [
      [0, hsl(hue, 70, 28)],
      [1, hsl(hue + 40, 70, 14)],
    ]),
  );
  s += rect(164, 134, 312, 216, "url(#scr)");
  const tiles = [hsl(hue + 120, 75, 55), hsl(hue + 200, 75, 58), hsl(hue + 30, 85, 58), hsl(hue + 280, 65, 62)];
  tiles.forEach((t, i) => {
    const tx = 180 + (i % 2) * 146;
    const ty = 190 + Math.floor(i / 2) * 76;
    s += rect(tx, ty, 134, 64, t, `rx="10"`);
    s += rect(tx + 12, ty + 14, 40, 8, "#ffffff", `rx="4" opacity=".85"`) + rect(tx + 12, ty + 32, 80, 14, "#ffffff", `rx="5" opacity=".6"`);
  });
  s += txt(180, 170, "12:45", { size: 22, fill: "#ffffff", anchor: "start" });
  s += rect(440, 154, 22, 12, "#ffffff", `rx="2" opacity=".8"`);
  s += `<path d="M164 134h312l-160 216h-152z" fill="#ffffff" opacity=".07"/>`;
  return { body: s, shadow: { cy: 410, rx: 230 } };
}

function drawMotor(c: Ctx): Drawing {
  const { rng, name } = c;
  let kind: "dc" | "stepper" | "servo" | "driver";
  if (has(name, /servo|sg90|mg99/)) kind = "servo";
  else if (has(name, /stepper|nema|28byj/)) kind = "stepper";
  else if (has(name, /driver|l298|a4988|drv8|tb6612|shield|controller|esc/)) kind = "driver";
  else if (has(name, /dc|gear|motor|vibration/)) kind = "dc";
  else kind = rng.pick(["dc", "stepper", "servo", "driver"] as const);
  let s = "";
  if (kind === "dc") {
    if (has(name, /gear|tt\b|robot|wheel/)) {
      // yellow "TT" gear motor: gearbox, output shaft, motor can behind it
      const box = rng.pick(["#f2c200", "#f0a500", "#e9e9e6"]);
      s += rect(120, 196, 150, 120, "url(#metal)", `rx="20" stroke="#858b93" stroke-width="2"`);
      s += rect(104, 226, 22, 60, "#2b2e33", `rx="4"`);
      s += `<path d="M140 196c-10 -40 -40 -50 -60 -40M160 196c-6 -50 -50 -70 -80 -60" stroke-width="6" fill="none" stroke-linecap="round" stroke="#d52b1e"/>`;
      s += `<path d="M160 196c-6 -50 -50 -70 -80 -60" stroke-width="6" fill="none" stroke-linecap="round" stroke="#1b1b1b"/>`;
      s += rect(250, 170, 280, 170, box, `rx="12" stroke="${shade(box, -0.3)}" stroke-width="2"`);
      s += rect(258, 176, 264, 40, "url(#gloss)", `rx="10" opacity=".5"`);
      s += circle(300, 300, 10, shade(box, -0.25)) + circle(490, 210, 10, shade(box, -0.25));
      s += rect(434, 250, 120, 40, "#f4f4f2", `rx="6" stroke="#c7c7c0" stroke-width="2"`) + rect(544, 258, 22, 24, "#f4f4f2", `rx="3"`);
      s += txt(360, 280, brandMark(c), { size: 22, maxWidth: 160, fill: shade(box, -0.55), spacing: 2 });
      return { body: s, shadow: { cy: 362, rx: 250 } };
    }
    const cap = rng.pick(["#2b2e33", "#1d4ea3", "#c62828", "#f2b400", "#2f9a3c"]);
    c.defs.push(
      linGrad("cap", [
        [0, shade(cap, 0.3)],
        [0.4, cap],
        [1, shade(cap, -0.4)],
      ]),
    );
    s += `<path d="M150 200c-40 -10 -60 30 -50 70s0 60 -20 80" stroke-width="7" fill="none" stroke-linecap="round" stroke="#d52b1e"/>`;
    s += `<path d="M150 300c-30 10 -40 40 -30 70" stroke-width="7" fill="none" stroke-linecap="round" stroke="#1b1b1b"/>`;
    s += rect(134, 190, 20, 16, "url(#metal)") + rect(134, 294, 20, 16, "url(#metal)");
    s += rect(146, 166, 70, 168, "url(#cap)", `rx="16"`);
    s += rect(196, 156, 290, 188, "url(#metal)", `rx="22" stroke="#858b93" stroke-width="2"`);
    s += rect(232, 156, 8, 188, "#9aa0a8") + rect(440, 156, 8, 188, "#9aa0a8");
    s += rect(484, 214, 34, 72, "url(#metal)", `rx="8" stroke="#858b93" stroke-width="1.5"`) + rect(516, 240, 76, 20, "#c3c8ce", `rx="3"`);
    s += txt(340, 262, brandMark(c), { size: 26, maxWidth: 190, fill: "#4a5058", spacing: 2 });
    return { body: s, shadow: { cy: 366, rx: 250 } };
  }
  if (kind === "stepper") {
    s += `<path d="M190 150l50 -40h210l-50 40z" fill="#4a4e55"/>`;
    s += `<path d="M400 150l50 -40v210l-50 40z" fill="#2a2c30"/>`;
    s += rect(190, 150, 210, 210, "url(#darkBody)", `rx="12"`);
    s += rect(196, 210, 198, 90, "url(#metal)", `opacity=".9"`);
    for (const [sx, sy] of [
      [212, 172],
      [378, 172],
      [212, 338],
      [378, 338],
    ] as const)
      s += circle(sx, sy, 9, "url(#metal)") + circle(sx, sy, 4, "#2a2c30");
    s += circle(295, 255, 44, "#3b3e44", `stroke="#1d1e21" stroke-width="3"`);
    s += circle(299, 251, 16, "#00000033") + circle(295, 255, 14, "url(#metal)", `stroke="#7d838b" stroke-width="1.5"`) + rect(283, 250, 24, 4, "#8a9098");
    const wires = ["#d52b1e", "#1f5fd1", "#2f9a3c", "#111111"];
    wires.forEach((w, i) => {
      s += `<path d="M${270 + i * 12} 360c0 30 ${20 + i * 6} 40 ${80 + i * 10} 56" stroke="${w}" stroke-width="6" fill="none"/>`;
    });
    s += rect(344, 404, 64, 30, "#f4f4f2", `rx="4" stroke="#c7c7c0" stroke-width="2"`);
    return { body: s, shadow: { cy: 440, rx: 200 } };
  }
  if (kind === "servo") {
    const body = rng.pick(["#1d5fd1", "#222428", "#1b8f8a"]);
    c.defs.push(
      linGrad("servo", [
        [0, shade(body, 0.2)],
        [1, shade(body, -0.25)],
      ]),
    );
    s += rect(130, 214, 380, 34, shade(body, -0.1), `rx="8"`);
    for (const hx of [150, 490]) s += circle(hx, 231, 8, c.pal.bgBottom);
    s += rect(180, 150, 280, 200, "url(#servo)", `rx="14"`);
    s += rect(190, 158, 260, 50, "url(#gloss)", `rx="10" opacity=".5"`);
    s += circle(380, 150, 44, shade(body, 0.1));
    s += `<path d="M380 150L250 126" stroke="#f4f4f2" stroke-width="26" stroke-linecap="round"/>`;
    s += circle(380, 150, 24, "#f4f4f2", `stroke="#d0d0c8" stroke-width="2"`) + circle(380, 150, 6, "url(#metal)");
    s += txt(300, 286, brandMark(c), { size: 26, maxWidth: 200, fill: "#ffffff", spacing: 2 });
    ["#6d3b1f", "#d52b1e", "#f07c00"].forEach((w, i) => {
      s += `<path d="M${200 + i * 8} 350c0 40 -20 60 -60 70" stroke="${w}" stroke-width="6" fill="none"/>`;
    });
    return { body: s, shadow: { cy: 372, rx: 220 } };
  }
  const board = rng.pick(["#b71c1c", "#1b6e3a", "#1e63c4", "#4527a0"]);
  c.defs.push(
    linGrad("pcb", [
      [0, shade(board, 0.16)],
      [1, shade(board, -0.2)],
    ]),
  );
  s += rect(140, 140, 360, 240, "url(#pcb)", `rx="12" stroke="${shade(board, -0.4)}" stroke-width="2"`);
  // heat sink with fins
  s += rect(250, 112, 140, 150, "#202226", `rx="4"`);
  for (let i = 0; i < 8; i++) s += rect(256 + i * 17, 100, 10, 150, "url(#metalH)", `rx="2"`).replace(/url\(#metalH\)/, i % 2 ? "#3a3d43" : "#2b2e33");
  s += screwTerminal(154, 310, 2) + screwTerminal(418, 310, 2) + screwTerminal(270, 322, 3);
  s += electrolytic(190, 270, 48, 90, "#1f2a44") + electrolytic(450, 270, 48, 90, "#1f2a44");
  s += header(180, 150, 4, 16, false);
  return { body: s, shadow: { cy: 400, rx: 220 } };
}

/** a soldering iron lying along +x with its tip at the origin */
function solderingIron(grip: string): string {
  let s = `<path d="M0 0L56 -7V7z" fill="#8d8f93"/>`;
  s += rect(52, -9, 78, 18, "url(#metal)", `rx="4"`) + rect(126, -17, 60, 34, "url(#metal)", `rx="6"`);
  s += rect(182, -25, 190, 50, "url(#grip)", `rx="22"`);
  for (let i = 0; i < 6; i++) s += rect(212 + i * 22, -25, 8, 50, shade(grip, -0.25), `opacity=".55"`);
  s += rect(190, -20, 176, 12, "#ffffff", `rx="6" opacity=".25"`);
  return s + rect(368, -11, 44, 22, "#1b1b1b", `rx="6"`);
}

function drawTool(c: Ctx): Drawing {
  const { rng, name } = c;
  let kind: "meter" | "iron" | "cutter";
  if (has(name, /meter|tester|clamp|probe|scope/)) kind = "meter";
  else if (has(name, /solder|iron|station|desolder|hot air|flux|wick/)) kind = "iron";
  else if (has(name, /plier|cutter|stripper|crimp|snip|tweezer/)) kind = "cutter";
  else kind = rng.pick(["meter", "iron", "cutter"] as const);
  let s = "";
  if (kind === "meter") {
    const holster = rng.pick(["#f2b400", "#ef6c00", "#d32f2f", "#1d5fd1", "#2f9a3c"]);
    s += `<path d="M300 360c-20 40 -90 40 -150 30M340 360c20 50 100 50 160 36" stroke-width="9" fill="none" stroke-linecap="round" stroke="#1b1b1b"/>`;
    s += `<path d="M340 360c20 50 100 50 160 36" stroke-width="9" fill="none" stroke-linecap="round" stroke="#d52b1e"/>`;
    s += `<path d="M120 392l40 -4M470 400l50 -10" stroke="#b7bcc2" stroke-width="10" stroke-linecap="round"/>`;
    s += rect(214, 56, 212, 330, holster, `rx="30"`);
    s += rect(234, 76, 172, 290, "#2b2e33", `rx="18"`);
    s += rect(250, 92, 140, 70, "#b9c7a7", `rx="6" stroke="#1d1e21" stroke-width="3"`);
    s += txt(382, 144, `${rng.int(1, 99)}.${rng.int(10, 99)}`, { size: 40, fill: "#1f2a18", anchor: "end", family: MONO });
    s += txt(258, 110, "DC V", { size: 11, fill: "#1f2a18", anchor: "start" });
    s += circle(320, 248, 52, "#1d1e21") + circle(320, 248, 40, "#3b3e44", `stroke="#55595f" stroke-width="2"`);
    const ang = rng.range(-60, 60);
    s += `<path d="M320 248L${r1(320 + 36 * Math.sin((ang * Math.PI) / 180))} ${r1(248 - 36 * Math.cos((ang * Math.PI) / 180))}" stroke="#f4f4f2" stroke-width="7" stroke-linecap="round"/>`;
    ["V", "A", "Ω", "OFF"].forEach((t, i) => {
      const a = ((-120 + i * 80) * Math.PI) / 180;
      s += txt(320 + 68 * Math.sin(a), 254 - 66 * Math.cos(a), t, { size: 13, fill: "#e7e9ec" });
    });
    [
      ["#1b1b1b", 272],
      ["#d52b1e", 320],
      ["#d52b1e", 368],
    ].forEach(([col, x]) => {
      s += circle(Number(x), 338, 12, "#15161a") + circle(Number(x), 338, 7, String(col));
    });
    return { body: s, shadow: { cy: 404, rx: 200 } };
  }
  if (kind === "iron") {
    const grip = rng.pick(["#1d5fd1", "#d32f2f", "#2f9a3c", "#f2b400", "#222428"]);
    const station = has(name, /station|hot air/) || (!has(name, /iron|pen/) && rng.chance(0.5));
    c.defs.push(
      linGrad("grip", [
        [0, shade(grip, 0.3)],
        [0.5, grip],
        [1, shade(grip, -0.35)],
      ]),
    );
    if (station) {
      s += `<path d="M556 92C640 160 600 420 330 372" stroke="#1b1b1b" stroke-width="8" fill="none" stroke-linecap="round"/>`;
      s += rect(100, 240, 240, 160, "url(#darkBody)", `rx="16"`);
      s += rect(108, 246, 224, 40, "url(#gloss)", `rx="12" opacity=".35"`);
      s += rect(122, 264, 136, 60, "#111214", `rx="5"`) + txt(246, 308, `${rng.int(28, 45)}0°`, { size: 36, fill: "#ff5a3c", anchor: "end", family: MONO });
      s += circle(294, 294, 26, "#3b3e44", `stroke="#55595f" stroke-width="3"`) + rect(292, 272, 4, 18, "#f4f4f2", `rx="2"`);
      s += rect(122, 348, 110, 24, grip, `rx="6"`) + circle(294, 360, 9, "#2ecc71", `opacity=".4"`) + circle(294, 360, 5, "#2ecc71");
      s += `<g transform="translate(372 384) rotate(-56) scale(.86)">${solderingIron(grip)}</g>`;
    } else {
      // a reel of solder wire next to the iron
      s += circle(450, 352, 62, "#e7e9ec", `stroke="#b0b5bb" stroke-width="4"`) + circle(450, 352, 50, "url(#metal)");
      for (let i = 0; i < 5; i++) s += circle(450, 352, 46 - i * 6, "none", `stroke="#9aa0a8" stroke-width="1.5"`);
      s += circle(450, 352, 14, "#2b2e33");
      s += `<path d="M500 320c30 -20 40 -60 20 -90" stroke="#c3c8ce" stroke-width="4" fill="none"/>`;
      s += `<g transform="translate(130 392) rotate(-40)">${solderingIron(grip)}</g>`;
      s += `<path d="M443 130c50 -30 90 10 110 60" stroke="#1b1b1b" stroke-width="8" fill="none" stroke-linecap="round"/>`;
    }
    return { body: s, shadow: { cy: 420, rx: 240 }, noTilt: true };
  }
  const grip = rng.pick(["#d32f2f", "#1d5fd1", "#f2b400", "#2f9a3c"]);
  s += `<g transform="rotate(${r1(rng.range(-8, 8))} 320 250)">`;
  s += `<path d="M300 240C260 300 220 360 200 420l34 10C260 370 292 310 316 262z" fill="${grip}"/>`;
  s += `<path d="M340 240C380 300 420 360 440 420l-34 10C380 370 348 310 324 262z" fill="${shade(grip, -0.15)}"/>`;
  s += `<path d="M300 240l-14 -130l34 -30l0 150zM340 240l14 -130l-34 -30l0 150z" fill="url(#metalH)" stroke="#7d838b" stroke-width="2"/>`;
  s += circle(320, 236, 16, "url(#metal)", `stroke="#7d838b" stroke-width="2"`) + circle(320, 236, 5, "#5d636b");
  s += `</g>`;
  return { body: s, shadow: { cy: 440, rx: 160 }, noTilt: true };
}

function drawCable(c: Ctx): Drawing {
  const { rng, name } = c;
  let kind: "usb" | "jumper" | "terminal";
  if (has(name, /jumper|dupont|wire/)) kind = "jumper";
  else if (has(name, /terminal|header|jst|xt60|crimp|connector|socket/)) kind = "terminal";
  else if (has(name, /usb|type-?c|micro|cable|lead|cord/)) kind = "usb";
  else kind = rng.pick(["usb", "jumper", "terminal"] as const);
  let s = "";
  if (kind === "usb") {
    const col = rng.pick(["#1b1b1b", "#f4f4f2", "#1d5fd1", "#d32f2f", "#2b2e33"]);
    const edge = col === "#f4f4f2" ? "#b8b8b0" : shade(col, -0.4);
    const d = "M196 316C250 150 400 390 450 186";
    s += `<path d="${d}" stroke="${edge}" stroke-width="24" fill="none" stroke-linecap="round"/>`;
    s += `<path d="${d}" stroke="${col}" stroke-width="18" fill="none" stroke-linecap="round"/>`;
    s += `<path d="${d}" stroke="#ffffff" stroke-width="4" fill="none" opacity=".25" transform="translate(-3 -3)"/>`;
    const small = has(name, /type-?c|usb-?c/) ? "c" : has(name, /micro/) ? "micro" : rng.pick(["c", "micro", "b"] as const);
    // USB-A plug at the lower end, pointing down
    s += `<g transform="rotate(-18 196 316)">${rect(164, 300, 64, 76, col, `rx="12" stroke="${edge}" stroke-width="2"`)}${rect(170, 372, 52, 66, "url(#metalH)", `rx="2" stroke="#858b93" stroke-width="1.5"`)}${rect(181, 392, 10, 10, "#2b2f33")}${rect(201, 392, 10, 10, "#2b2f33")}</g>`;
    // the other plug at the upper end, pointing up
    const tip =
      small === "c"
        ? rect(432, 106, 36, 44, "url(#metalH)", `rx="14" stroke="#858b93" stroke-width="1.5"`)
        : small === "micro"
          ? rect(430, 116, 40, 34, "url(#metalH)", `rx="5" stroke="#858b93" stroke-width="1.5"`)
          : rect(420, 92, 60, 58, "url(#metalH)", `rx="6" stroke="#858b93" stroke-width="1.5"`) + rect(432, 104, 36, 30, "#2b2f33", `rx="3"`);
    s += `<g transform="rotate(16 450 186)">${tip}${rect(420, 140, 60, 76, col, `rx="12" stroke="${edge}" stroke-width="2"`)}</g>`;
    return { body: s, shadow: { cy: 440, rx: 220 }, noTilt: true };
  }
  if (kind === "jumper") {
    const n = rng.int(7, 10);
    const cols = ["#d52b1e", "#f07c00", "#f2c200", "#2f9a3c", "#1f5fd1", "#7b3fb3", "#8c8c8c", "#f5f5f5", "#111111", "#7a4a21"];
    const offset = rng.int(0, 9);
    for (let i = 0; i < n; i++) {
      const y = 150 + i * 22;
      const col = cols[(i + offset) % cols.length] ?? "#d52b1e";
      s += `<path d="M170 ${y}C280 ${y + 120} 360 ${y - 120} 470 ${y}" stroke="${shade(col, -0.3)}" stroke-width="12" fill="none"/>`;
      s += `<path d="M170 ${y}C280 ${y + 120} 360 ${y - 120} 470 ${y}" stroke="${col}" stroke-width="8" fill="none"/>`;
      s += rect(120, y - 9, 52, 18, "#1d1e21", `rx="2"`) + rect(98, y - 3, 22, 6, "url(#metal)");
      s += rect(468, y - 9, 52, 18, "#1d1e21", `rx="2"`) + (rng.chance(0.5) ? rect(520, y - 3, 22, 6, "url(#metal)") : rect(512, y - 4, 8, 8, "#3b3e44"));
    }
    return { body: s, shadow: { cy: 150 + n * 22 + 40, rx: 250 } };
  }
  const color = rng.pick(["#1f6fd1", "#2f9a3c", "#f2f2ee", "#d32f2f"]);
  const n = rng.int(2, 4);
  s += `<g transform="translate(320 170) scale(1.7) translate(${-n * 17} -30)">`;
  s += screwTerminal(0, 0, n, color) + rect(0, 44, n * 34, 16, shade(color, -0.25), `rx="2"`);
  for (let i = 0; i < n; i++) s += rect(14 + i * 34, 60, 6, 18, "#b7bcc2");
  s += `</g>`;
  const pins = rng.int(8, 12);
  const hx = 320 - pins * 10;
  s += header(hx, 300, pins, 20);
  for (let i = 0; i < pins; i++) s += rect(hx + i * 20 + 7, 320, 6, 34, "url(#gold)") + rect(hx + i * 20 + 7, 262, 6, 38, "url(#gold)");
  // JST plug with red/black leads
  s += `<path d="M452 382c30 0 60 -20 80 -60M452 396c40 0 70 -24 90 -64" stroke-width="7" fill="none" stroke-linecap="round" stroke="#d52b1e"/>`;
  s += `<path d="M452 396c40 0 70 -24 90 -64" stroke-width="7" fill="none" stroke-linecap="round" stroke="#1b1b1b"/>`;
  s += rect(392, 370, 62, 40, "#f4f4f2", `rx="4" stroke="#c7c7c0" stroke-width="2"`);
  s += `<path d="M186 382c-30 0 -60 -20 -80 -60M186 396c-40 0 -70 -24 -90 -64" stroke-width="7" fill="none" stroke-linecap="round" stroke="#d52b1e"/>`;
  s += `<path d="M186 396c-40 0 -70 -24 -90 -64" stroke-width="7" fill="none" stroke-linecap="round" stroke="#1b1b1b"/>`;
  s += rect(184, 370, 62, 40, "#f4f4f2", `rx="4" stroke="#c7c7c0" stroke-width="2"`);
  return { body: s, shadow: { cy: 430, rx: 220 } };
}

function draw3d(c: Ctx): Drawing {
  const { rng, name } = c;
  const printer = has(name, /printer|ender|prusa|bambu|creality|kit\b|hotend|nozzle|extruder/) && !has(name, /filament|pla|petg|abs|tpu/);
  let s = "";
  const fil = hsl(rng.int(0, 359), rng.int(60, 85), rng.int(42, 58));
  if (!printer) {
    const flange = rng.pick(["#1d1e21", "#2b2e33", "#e9e9e6"]);
    const cx = 320;
    const cy = 250;
    c.defs.push(
      `<radialGradient id="fil" cx=".5" cy=".5" r=".5"><stop offset=".42" stop-color="${shade(fil, -0.35)}"/><stop offset=".75" stop-color="${fil}"/><stop offset="1" stop-color="${shade(fil, -0.2)}"/></radialGradient>`,
    );
    s += circle(cx + 14, cy + 8, 182, shade(flange, flange === "#e9e9e6" ? -0.25 : 0.12));
    s += circle(cx, cy, 182, flange, `stroke="${shade(flange, 0.15)}" stroke-width="3"`);
    s += circle(cx, cy, 160, "url(#fil)");
    let rings = "";
    for (let r = 84; r < 160; r += 7) rings += circle(cx, cy, r, "none", `stroke="${shade(fil, 0.18)}" stroke-width="1.2" opacity=".55"`);
    s += rings;
    s += circle(cx, cy, 74, flange === "#e9e9e6" ? "#d0d0cc" : "#3a3d42");
    for (let i = 0; i < 4; i++) {
      const a = (i * Math.PI) / 2 + 0.4;
      s += circle(cx + 48 * Math.cos(a), cy + 48 * Math.sin(a), 12, c.pal.bgBottom);
    }
    s += circle(cx, cy, 26, c.pal.bgBottom, `stroke="${flange}" stroke-width="6"`);
    s += `<path d="M${cx + 150} ${cy + 60}c40 30 60 60 70 110" stroke="${fil}" stroke-width="6" fill="none" stroke-linecap="round"/>`;
    s += circle(cx, cy, 160, "url(#gloss)", `opacity=".35"`);
    return { body: s, shadow: { cy: 448, rx: 200 } };
  }
  const frame = rng.pick(["#222428", "#3a3d42", "#5b6068"]);
  s += rect(150, 360, 340, 70, "url(#darkBody)", `rx="10"`);
  s += rect(380, 376, 80, 38, "#1f6fd1", `rx="4"`) + rect(386, 382, 68, 26, "#7fc1ff", `opacity=".6"`);
  s += rect(170, 80, 26, 290, frame) + rect(444, 80, 26, 290, frame) + rect(160, 64, 320, 26, frame, `rx="4"`);
  s += rect(170, 180, 300, 18, "url(#metal)");
  s += rect(286, 160, 64, 60, "#2b2e33", `rx="6"`) + rect(300, 220, 36, 24, "url(#metal)") + `<path d="M310 244h16l-8 12z" fill="#c9a227"/>`;
  s += rect(196, 318, 250, 16, "#2b2e33", `rx="3"`);
  s += `<path d="M280 318l10 -56h60l10 56z" fill="${fil}"/>` + `<path d="M290 262h60" stroke="${shade(fil, 0.3)}" stroke-width="3"/>`;
  return { body: s, shadow: { cy: 438, rx: 220 }, scale: 1 };
}

function wheel(cx: number, cy: number, r: number, hub: string): string {
  let s = circle(cx, cy, r, "#1b1c1f") + circle(cx, cy, r - 4, "none", `stroke="#34363b" stroke-width="4" stroke-dasharray="6 5"`);
  s += circle(cx, cy, r * 0.6, hub) + circle(cx, cy, r * 0.6, "url(#gloss)", `opacity=".5"`);
  for (let i = 0; i < 3; i++) {
    const a = (i * 2 * Math.PI) / 3;
    s += `<path d="M${r1(cx)} ${r1(cy)}L${r1(cx + r * 0.55 * Math.cos(a))} ${r1(cy + r * 0.55 * Math.sin(a))}" stroke="${shade(hub, -0.3)}" stroke-width="6"/>`;
  }
  return s + circle(cx, cy, r * 0.14, "url(#metal)");
}

function drawRobot(c: Ctx): Drawing {
  const { rng } = c;
  const plate = rng.pick(["#e53935", "#1e88e5", "#43a047", "#fdd835", "#8e24aa", "#222428"]);
  const hub = rng.pick(["#f2c200", "#f07c00", "#e9e9e6", "#1f6fd1"]);
  const fourWd = rng.chance(0.6);
  let s = "";
  if (fourWd) s += wheel(190, 318, 58, shade(hub, -0.2)) + wheel(450, 318, 58, shade(hub, -0.2));
  s += `<path d="M130 250h380l-20 60h-340z" fill="${plate}" opacity=".88" stroke="${shade(plate, -0.35)}" stroke-width="2"/>`;
  s += `<path d="M150 200h340l20 50h-380z" fill="${shade(plate, 0.25)}" opacity=".75" stroke="${shade(plate, -0.25)}" stroke-width="2"/>`;
  // controller board and battery holder on top
  s += rect(200, 160, 160, 70, "#00838f", `rx="6"`) + rect(214, 172, 40, 40, "#1c1d21", `rx="3"`) + header(264, 166, 5);
  s += rect(380, 176, 100, 52, "#1b1c1f", `rx="8"`) + rect(390, 186, 80, 14, "#2f9a3c", `rx="7"`) + rect(390, 206, 80, 14, "#2f9a3c", `rx="7"`);
  // ultrasonic "eyes" at the front
  s += rect(512, 190, 30, 90, "#1565c0", `rx="4"`) + circle(548, 212, 16, "url(#metal)") + circle(548, 258, 16, "url(#metal)");
  s += circle(548, 212, 10, "#2a2c30") + circle(548, 258, 10, "#2a2c30");
  s += wheel(200, 330, 66, hub) + wheel(440, 330, 66, hub);
  if (!fourWd) s += circle(320, 360, 18, "url(#metal)");
  return { body: s, shadow: { cy: 404, rx: 250 } };
}

function drawIot(c: Ctx): Drawing {
  const { rng, name } = c;
  const external = has(name, /lora|gsm|sim\d|sim |gps|4g|lte|nrf|433|868|915|rf|antenna|xbee|zigbee/);
  const board = rng.pick(["#222428", "#1565c0", "#1b6e3a", "#4527a0"]);
  c.defs.push(
    linGrad("pcb", [
      [0, shade(board, 0.16)],
      [1, shade(board, -0.2)],
    ]),
  );
  let s = "";
  if (!external) {
    // ESP-style board: module with shield can and meander PCB antenna
    const x0 = 210;
    const y0 = 70;
    const W = 220;
    const H = 340;
    s += rect(x0, y0, W, H, "url(#pcb)", `rx="12" stroke="${shade(board, -0.4)}" stroke-width="2"`);
    s += header(x0 + 6, y0 + 90, rng.int(12, 15), 16, false) + header(x0 + W - 22, y0 + 90, rng.int(12, 15), 16, false);
    s += rect(x0 + 36, y0 + 14, 148, 200, "#1f2226", `rx="4"`);
    let ant = `M${x0 + 50} ${y0 + 62}`;
    for (let i = 0; i < 6; i++) ant += `v-34h10v34h10`;
    s += `<path d="${ant}" stroke="url(#gold)" stroke-width="4" fill="none"/>`;
    s += rect(x0 + 44, y0 + 78, 132, 126, "url(#metal)", `rx="4" stroke="#80868e" stroke-width="2"`);
    s += txt(x0 + 110, y0 + 134, brandMark(c), { size: 20, maxWidth: 120, fill: "#4a5058" });
    s += txt(x0 + 110, y0 + 162, partCode(c, "WROOM-"), { size: 12, fill: "#5d636b", weight: "normal", family: MONO });
    s += rect(x0 + 86, y0 + H - 26, 48, 30, "url(#metal)", `rx="4"`);
    s += rect(x0 + 48, y0 + H - 80, 26, 26, "url(#metal)", `rx="3"`) + circle(x0 + 61, y0 + H - 67, 7, "#2b2d31");
    s += rect(x0 + 146, y0 + H - 80, 26, 26, "url(#metal)", `rx="3"`) + circle(x0 + 159, y0 + H - 67, 7, "#2b2d31");
    s += rect(x0 + 88, y0 + 232, 40, 40, "#1c1d21", `rx="3"`);
    return { body: s, shadow: { cy: 428, rx: 170 } };
  }
  const x0 = 140;
  const y0 = 220;
  s += `<g transform="rotate(28 470 230)">${rect(462, 40, 16, 190, "#1b1c1f", `rx="8"`)}${rect(458, 200, 24, 40, "#2b2e33", `rx="4"`)}</g>`;
  s += rect(x0, y0, 330, 180, "url(#pcb)", `rx="12" stroke="${shade(board, -0.4)}" stroke-width="2"`);
  s += rect(x0 + 40, y0 + 30, 150, 120, "url(#metal)", `rx="4" stroke="#80868e" stroke-width="2"`);
  s += txt(x0 + 115, y0 + 96, brandMark(c), { size: 20, maxWidth: 130, fill: "#4a5058" });
  s += `<path d="M${x0 + 300} ${y0 + 50}l14 -8h20l14 8v24l-14 8h-20l-14 -8z" fill="url(#gold)"/>`;
  s += rect(x0 + 310, y0 + 56, 30, 14, "#b38b22");
  s += header(x0 + 210, y0 + 150, 6);
  s += circle(x0 + 240, y0 + 50, 8, "#2ecc71", `opacity=".35"`) + circle(x0 + 240, y0 + 50, 4, "#2ecc71");
  return { body: s, shadow: { cy: 420, rx: 210 } };
}

function drawPcb(c: Ctx): Drawing {
  const { rng, name } = c;
  let kind: "breadboard" | "perf" | "pcb";
  if (has(name, /breadboard/)) kind = "breadboard";
  else if (has(name, /perf|strip|proto|universal|dot/)) kind = "perf";
  else if (has(name, /pcb|copper|clad|etch|fabrication|service|print/)) kind = "pcb";
  else kind = rng.pick(["breadboard", "perf", "pcb"] as const);
  let s = "";
  if (kind === "breadboard") {
    const half = rng.chance(0.5);
    const W = half ? 340 : 440;
    const x0 = 320 - W / 2;
    const y0 = 110;
    const H = 290;
    c.defs.push(
      `<pattern id="holes" width="14" height="14" patternUnits="userSpaceOnUse"><rect width="14" height="14" fill="#f4f2ec"/><rect x="5" y="5" width="4.5" height="4.5" fill="#4a4c50"/></pattern>`,
    );
    s += rect(x0 + 8, y0 + 10, W, H, "#c9c6bd", `rx="10"`);
    s += rect(x0, y0, W, H, "#f4f2ec", `rx="10" stroke="#d4d1c8" stroke-width="2"`);
    s += rect(x0 + 20, y0 + 16, W - 40, 28, "url(#holes)") + rect(x0 + 20, y0 + H - 44, W - 40, 28, "url(#holes)");
    s += `<path d="M${x0 + 20} ${y0 + 12}H${x0 + W - 20}M${x0 + 20} ${y0 + H - 12}H${x0 + W - 20}" stroke="#d52b1e" stroke-width="3"/>`;
    s += `<path d="M${x0 + 20} ${y0 + 48}H${x0 + W - 20}M${x0 + 20} ${y0 + H - 48}H${x0 + W - 20}" stroke="#1f5fd1" stroke-width="3"/>`;
    s += rect(x0 + 20, y0 + 60, W - 40, 70, "url(#holes)") + rect(x0 + 20, y0 + 160, W - 40, 70, "url(#holes)");
    s += rect(x0 + 10, y0 + 138, W - 20, 14, "#e2dfd6");
    // a few parts plugged in
    const ledCol = rng.pick(["#ff3b30", "#2ecc71", "#ffcc00", "#1f8fff"]);
    s += `<path d="M${x0 + 80} ${y0 + 82}c20 -40 60 -40 84 0" stroke="#2f9a3c" stroke-width="6" fill="none"/>`;
    s += `<path d="M${x0 + 150} ${y0 + 180}c30 -80 90 -80 112 -2" stroke="#d52b1e" stroke-width="6" fill="none"/>`;
    s += circle(x0 + W - 110, y0 + 190, 18, ledCol) + circle(x0 + W - 110, y0 + 190, 18, "url(#gloss)");
    s +=
      rect(x0 + W - 170, y0 + 90, 40, 16, "#e6cf9f", `rx="6"`) + rect(x0 + W - 160, y0 + 90, 5, 16, "#d52b1e") + rect(x0 + W - 150, y0 + 90, 5, 16, "#111111");
    return { body: s, shadow: { cy: y0 + H + 26, rx: W * 0.58 } };
  }
  if (kind === "perf") {
    const fr2 = rng.chance(0.5);
    const base = fr2 ? "#c89b5a" : "#2e7d32";
    const W = rng.int(330, 420);
    const H = rng.int(240, 290);
    const x0 = 320 - W / 2;
    const y0 = 250 - H / 2;
    const strips = has(name, /strip/);
    c.defs.push(
      `<pattern id="pads" width="16" height="16" patternUnits="userSpaceOnUse"><rect width="16" height="16" fill="${base}"/>${strips ? `<rect y="2" width="16" height="12" fill="#d9894a"/>` : `<circle cx="8" cy="8" r="5.5" fill="#d9a05a"/>`}<circle cx="8" cy="8" r="2.2" fill="${shade(base, -0.6)}"/></pattern>`,
    );
    s += rect(x0 + 8, y0 + 10, W, H, shade(base, -0.4), `rx="6"`);
    s += rect(x0, y0, W, H, base, `rx="6"`);
    s += rect(x0 + 16, y0 + 16, W - 32, H - 32, "url(#pads)");
    for (const [hx, hy] of [
      [x0 + 10, y0 + 10],
      [x0 + W - 10, y0 + 10],
      [x0 + 10, y0 + H - 10],
      [x0 + W - 10, y0 + H - 10],
    ] as const)
      s += circle(hx, hy, 5, c.pal.bgBottom);
    s += rect(x0 + 4, y0 + 4, W - 8, H * 0.35, "url(#gloss)", `rx="6" opacity=".35"`);
    return { body: s, shadow: { cy: y0 + H + 26, rx: W * 0.58 } };
  }
  // a stack of custom boards
  const mask = rng.pick(["#1b6e3a", "#1d4ea3", "#222428", "#b71c1c", "#4527a0", "#f4f4f2"]);
  const trace = mask === "#f4f4f2" ? "#c9c9c0" : shade(mask, 0.25);
  for (let k = 2; k >= 0; k--) {
    const ox = 136 + k * 22;
    const oy = 118 + k * 22;
    s += rect(ox, oy, 330, 230, shade(mask, -0.1 - k * 0.08), `rx="10" stroke="${shade(mask, -0.45)}" stroke-width="2"`);
  }
  const ox = 136;
  const oy = 118;
  let d = "";
  for (let i = 0; i < 7; i++) {
    const y = oy + 40 + i * 26;
    const x1 = ox + 40 + rng.int(0, 40);
    const x2 = ox + 150 + rng.int(0, 60);
    d += `M${x1} ${y}H${x2}l20 ${i % 2 ? 16 : -16}H${ox + 290}`;
  }
  s += `<path d="${d}" stroke="${trace}" stroke-width="5" fill="none" stroke-linecap="round"/>`;
  for (let i = 0; i < 7; i++) {
    const y = oy + 40 + i * 26;
    s += circle(ox + 34, y, 8, "url(#gold)") + circle(ox + 34, y, 3, shade(mask, -0.6));
    s += circle(ox + 296, y + (i % 2 ? 16 : -16), 8, "url(#gold)") + circle(ox + 296, y + (i % 2 ? 16 : -16), 3, shade(mask, -0.6));
  }
  s += rect(ox + 4, oy + 4, 322, 80, "url(#gloss)", `rx="8" opacity=".35"`);
  return { body: s, shadow: { cy: 410, rx: 230 } };
}

function drawSemiconductor(c: Ctx): Drawing {
  const { rng, name } = c;
  let kind: "ic" | "transistor" | "led";
  if (has(name, /\bleds?\b|light emitting|rgb/)) kind = "led";
  else if (has(name, /transistor|mosfet|to-?220|to-?92|7805|lm317|irf|tip\d|bc\d|2n\d|regulator|triac|thyristor/)) kind = "transistor";
  else if (has(name, /\bic\b|chip|atmega|555|op-?amp|lm\d|dip|timer|shift|74hc|driver/)) kind = "ic";
  else kind = rng.pick(["ic", "transistor", "led"] as const);
  let s = "";
  if (kind === "ic") {
    const pins = rng.int(4, 10);
    const w = Math.max(280, pins * 40);
    s += dip(320, 246, w, 150, pins, [brandMark(c), partCode(c, "")]);
    return { body: s, shadow: { cy: 350, rx: w * 0.62 } };
  }
  if (kind === "transistor") {
    const tx = 250;
    s +=
      rect(tx - 70, 90, 140, 110, "url(#metal)", `rx="6" stroke="#80868e" stroke-width="2"`) +
      circle(tx, 130, 20, c.pal.bgBottom, `stroke="#80868e" stroke-width="2"`);
    s += rect(tx - 74, 190, 148, 130, "url(#darkBody)", `rx="6"`);
    s += txt(tx, 252, brandMark(c), { size: 18, maxWidth: 124, fill: "#c9ced6" });
    s += txt(tx, 280, partCode(c, "T"), { size: 14, fill: "#9aa0a8", weight: "normal", family: MONO });
    for (let i = -1; i <= 1; i++) s += rect(tx + i * 44 - 6, 318, 12, 110, "url(#metalH)");
    // two TO-92 beside it
    for (const [x, h] of [
      [400, 0],
      [470, 16],
    ] as const) {
      s += `<path d="M${x - 26} ${262 + h}h52v-44a26 26 0 0 0 -52 0z" fill="url(#darkBody)"/>`;
      for (let i = -1; i <= 1; i++) s += rect(x + i * 15 - 2.5, 262 + h, 5, 120 - h, "url(#metalH)");
    }
    return { body: s, shadow: { cy: 440, rx: 210 } };
  }
  const count = rng.int(3, 5);
  const palette = ["#ff3b30", "#2ecc71", "#ffcc00", "#1f8fff", "#f5f5f5", "#ff8a00"];
  const start = rng.int(0, 5);
  const gap = 360 / count;
  for (let i = 0; i < count; i++) {
    const col = palette[(start + i) % palette.length] ?? "#ff3b30";
    const cx = 320 - 180 + gap * (i + 0.5);
    const top = 130 + (i % 2) * 30;
    s += rect(cx - 14, top + 110, 5, 170 - (i % 2) * 30, "url(#metalH)") + rect(cx + 9, top + 110, 5, 150 - (i % 2) * 30, "url(#metalH)");
    s += circle(cx, top + 44, 46, col, `opacity=".13"`);
    s += `<path d="M${cx - 30} ${top + 110}v-70a30 30 0 0 1 60 0v70z" fill="${col}" opacity=".92" stroke="${shade(col, -0.25)}" stroke-width="2"/>`;
    s += rect(cx - 36, top + 102, 72, 12, shade(col, -0.1), `rx="3"`);
    s += `<path d="M${cx - 18} ${top + 30}a18 18 0 0 1 18 -18" stroke="#ffffff" stroke-width="6" fill="none" opacity=".7" stroke-linecap="round"/>`;
  }
  return { body: s, shadow: { cy: 440, rx: 220 } };
}

function drawSolar(c: Ctx): Drawing {
  const { rng, name } = c;
  const controller = has(name, /controller|charge|mppt|pwm|inverter/);
  let s = "";
  if (controller) {
    const body = rng.pick(["#1d5fd1", "#f4f4f2", "#2f9a3c", "#222428"]);
    const light = luminance(body) > 0.5;
    s += rect(150, 110, 340, 290, body, `rx="22" stroke="${shade(body, -0.3)}" stroke-width="2"`);
    s += rect(160, 118, 320, 90, "url(#gloss)", `rx="18" opacity=".4"`);
    s += rect(220, 150, 200, 90, "#c4d3a8", `rx="6" stroke="#1d1e21" stroke-width="4"`);
    s += txt(410, 212, `${rng.int(12, 14)}.${rng.int(0, 9)}V`, { size: 44, fill: "#1f2a18", anchor: "end", family: MONO });
    s += rect(232, 166, 34, 16, "none", `stroke="#1f2a18" stroke-width="3"`) + rect(238, 170, 20, 8, "#1f2a18");
    const icons = ["☀", "▮", "✦"];
    for (let i = 0; i < 3; i++) {
      const x = 190 + i * 100;
      s += screwTerminal(x, 300, 2, light ? "#3a3d42" : "#e9e9e6");
      s += txt(x + 34, 286, icons[i] ?? "", { size: 20, fill: light ? "#3a3d42" : "#ffffff" });
    }
    return { body: s, shadow: { cy: 420, rx: 210 } };
  }
  const mono = has(name, /mono/) || (!has(name, /poly/) && rng.chance(0.5));
  const cellA = mono ? "#15192b" : "#1d3f8f";
  const cellB = mono ? "#232a44" : "#2f5cc0";
  const cols = rng.pick([4, 6]);
  const rows = cols === 4 ? 6 : 5;
  const W = 380;
  const H = 250;
  const cw = W / cols;
  const ch = H / rows;
  c.defs.push(
    linGrad("cell", [
      [0, cellB],
      [1, cellA],
    ]),
  );
  c.defs.push(
    `<pattern id="cells" width="${r1(cw)}" height="${r1(ch)}" patternUnits="userSpaceOnUse"><rect width="${r1(cw)}" height="${r1(ch)}" fill="#e8ebef"/><rect x="2" y="2" width="${r1(cw - 4)}" height="${r1(ch - 4)}" fill="url(#cell)"/><path d="M0 ${r1(ch / 3)}H${r1(cw)}M0 ${r1((2 * ch) / 3)}H${r1(cw)}" stroke="#9fb0c8" stroke-width="1" opacity=".6"/></pattern>`,
  );
  // sun behind the panel
  s += circle(470, 110, 60, "#ffd54a", `opacity=".25"`) + circle(470, 110, 42, "#ffc928");
  s += `<g transform="translate(320 250) skewX(-12) scale(1 .9) translate(${-W / 2} ${-H / 2})">`;
  s += rect(-12, -12, W + 24, H + 24, "url(#metal)", `rx="6" stroke="#8a9098" stroke-width="2"`);
  s += `<rect x="0" y="0" width="${W}" height="${H}" fill="url(#cells)"/>`;
  s += `<path d="M0 0H${W * 0.55}L0 ${H * 0.8}z" fill="#ffffff" opacity=".12"/>`;
  s += `</g>`;
  // legs / stand
  s += `<path d="M210 370l-10 60M440 370l10 60" stroke="#8a9098" stroke-width="10" stroke-linecap="round"/>`;
  s += `<path d="M330 372c0 40 40 50 80 56" stroke="#1b1b1b" stroke-width="6" fill="none"/>`;
  return { body: s, shadow: { cy: 436, rx: 240 } };
}

function drawStemKit(c: Ctx): Drawing {
  const { rng } = c;
  const hue = c.pal.hue + rng.int(-20, 20);
  const front = hsl(hue, 70, 50);
  const top = hsl(hue, 70, 64);
  const side = hsl(hue, 65, 36);
  let s = "";
  s += `<path d="M140 160l70 -56h300l-70 56z" fill="${top}"/>`;
  s += `<path d="M440 160l70 -56v240l-70 56z" fill="${side}"/>`;
  s += rect(140, 160, 300, 240, front);
  s += rect(140, 160, 300, 14, "#ffffff", `opacity=".25"`);
  // window with parts
  s += rect(164, 196, 252, 136, "#f7f8fa", `rx="10"`);
  s += rect(184, 214, 90, 60, "#00838f", `rx="4"`) + rect(200, 228, 26, 26, "#1c1d21", `rx="2"`) + header(232, 220, 2);
  const leds = ["#ff3b30", "#2ecc71", "#ffcc00"];
  leds.forEach((l, i) => {
    s +=
      `<path d="M${300 + i * 30} 260v-26a12 12 0 0 1 24 0v26z" fill="${l}"/>` +
      rect(305 + i * 30, 260, 3, 26, "#a0a6ad") +
      rect(316 + i * 30, 260, 3, 22, "#a0a6ad");
  });
  s += `<path d="M190 310c40 -30 90 20 130 -6s60 -10 80 6" stroke="#d52b1e" stroke-width="6" fill="none"/>`;
  s += `<path d="M190 320c50 -20 90 10 140 -4" stroke="#1f5fd1" stroke-width="6" fill="none"/>`;
  // age badge and brand
  s += circle(400, 362, 26, "#ffffff") + `<path d="M400 346l4.7 9.5 10.5 1.5-7.6 7.4 1.8 10.4-9.4-4.9-9.4 4.9 1.8-10.4-7.6-7.4 10.5-1.5z" fill="${front}"/>`;
  s += txt(164, 372, brandMark(c), { size: 22, maxWidth: 200, fill: "#ffffff", anchor: "start", spacing: 2 });
  s += txt(330, 140, "STEM KIT", { size: 18, fill: shade(top, -0.5), spacing: 3, extra: `transform="skewX(-30) translate(80 0)"` });
  return { body: s, shadow: { cy: 410, rx: 230 } };
}

function drawGeneric(c: Ctx): Drawing {
  const { rng } = c;
  const kraft = rng.pick(["#c89b5a", "#b88a4e", "#d6ae72"]);
  let s = "";
  s += `<path d="M150 170l60 -50h280l-60 50z" fill="${shade(kraft, 0.15)}"/>`;
  s += `<path d="M430 170l60 -50v220l-60 50z" fill="${shade(kraft, -0.25)}"/>`;
  s += rect(150, 170, 280, 220, kraft);
  s += `<path d="M300 120h60l-60 50h-60z" fill="#e8dcc4" opacity=".8"/>` + rect(240, 170, 60, 60, "#e8dcc4", `opacity=".8"`);
  s += qfp(290, 300, 80, "#1c1d21", [brandMark(c)], 7);
  s += txt(420, 380, partCode(c, "#"), { size: 14, fill: shade(kraft, -0.55), anchor: "end", weight: "normal", family: MONO });
  return { body: s, shadow: { cy: 408, rx: 230 } };
}

type Drawer = (c: Ctx) => Drawing;

/** category keyword → drawing; first match wins, so the more specific words come first */
const CATEGORY_DRAWERS: readonly (readonly [RegExp, Drawer])[] = [
  [/robot/, drawRobot],
  [/microcontroller|dev(elopment)?-?board|arduino|raspberry/, drawMicrocontroller],
  [/iot|network|wireless|wifi|bluetooth/, drawIot],
  [/sensor/, drawSensor],
  [/display|screen|lcd|oled/, drawDisplay],
  [/motor|actuator|servo/, drawMotor],
  [/solar/, drawSolar],
  [/3d|printing|filament/, draw3d],
  [/cable|connector|wire/, drawCable],
  [/tool|equipment|solder/, drawTool],
  [/pcb|prototyp|breadboard/, drawPcb],
  [/power|batter/, drawPower],
  [/passive|resistor|capacitor/, drawPassive],
  [/semiconductor|transistor|\bics?\b|led/, drawSemiconductor],
  [/stem|education|kit/, drawStemKit],
];

export function drawerFor(slug: string): Drawer {
  const s = slug.toLowerCase();
  for (const [re, drawer] of CATEGORY_DRAWERS) if (re.test(s)) return drawer;
  return drawGeneric;
}
