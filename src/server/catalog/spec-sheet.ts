import PDFDocument from "pdfkit";
import { translator } from "../i18n";

/**
 * The spec sheet the shop makes of a product from its own data (the demo catalogue's datasheets):
 * one A4 page in English and Kiswahili, saying at the top and at the foot of every page that the
 * shop generated it and that it is not the manufacturer's datasheet. pdfkit with the PDF standard
 * fonts (nothing embedded: a sheet is a few kilobytes and takes about two milliseconds).
 */
export interface SpecSheetData {
  name: string;
  sku: string;
  brand: string;
  category: { en: string; sw: string };
  description: string;
  /** pieces in one unit sold (1: sold singly) */
  packSize: number;
  /** the specifications in display order; `sw` only where the Kiswahili reading differs */
  specs: { label: { en: string; sw: string }; value: { en: string; sw: string }; byOption: boolean }[];
  shopName: string;
  generatedAt: Date;
}

const PAGE = { margin: 48, width: 595.28, height: 841.89 };
const CONTENT = PAGE.width - 2 * PAGE.margin;
const FONT = "Helvetica";
const BOLD = "Helvetica-Bold";
const GREY = "#555555";
const RULE = "#bbbbbb";
const NOTICE_FILL = "#fff4d6";
const NOTICE_EDGE = "#d9a400";
const FOOTER_ROOM = 40;

/**
 * Characters the standard fonts cannot draw (they know WinAnsi, Latin-1 and a few more), replaced
 * by what an engineer writes instead: Ω as "Ohm", the Greek µ as the micro sign, ≤ as "<=".
 */
const STAND_INS: Record<string, string> = {
  "\u03A9": "Ohm",
  "\u2126": "Ohm",
  "\u03BC": "\u00B5",
  "\u2264": "<=",
  "\u2265": ">=",
  "\u2248": "~",
  "\u2212": "-",
  "\u2009": " ",
  "\u202F": " ",
  "\u00A0": " ",
  "\u2013": "\u2013",
  "\u2014": "\u2014",
};
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");

/** Text the standard fonts draw as written: stand-ins for what they lack, accents dropped as a last resort. */
export function pdfText(value: string): string {
  let out = "";
  for (const ch of value.normalize("NFC")) {
    const code = ch.codePointAt(0)!;
    if (STAND_INS[ch] !== undefined) out += STAND_INS[ch];
    else if (code === 0x0a || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else {
      const bare = ch.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
      out += /^[\x20-\x7e]+$/.test(bare) ? bare : "?";
    }
  }
  return out;
}

type Words = ReturnType<typeof translator<"documents.specSheet">>;
let words: { en: Words; sw: Words } | null = null;

/** The sheet as PDF bytes. */
export async function renderSpecSheet(data: SpecSheetData): Promise<Buffer> {
  // made once: a translator per sheet would read the catalogue's messages again for each
  words ??= { en: translator("en", "documents.specSheet"), sw: translator("sw", "documents.specSheet") };
  const { en, sw } = words;
  const pair = (a: string, b: string) => (a === b ? a : `${a} / ${b}`);
  const both = (key: Parameters<Words>[0], values?: Record<string, string | number>) => pair(en(key, values), sw(key, values));

  const doc = new PDFDocument({
    size: "A4",
    margin: PAGE.margin,
    compress: true,
    bufferPages: true,
    info: {
      Title: pdfText(`${data.name} (${data.sku}): ${en("title")}`),
      Author: pdfText(data.shopName),
      Creator: pdfText(data.shopName),
      Subject: pdfText(en("notice", { shop: data.shopName })),
      CreationDate: data.generatedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  let y = PAGE.margin;
  const room = (height: number) => {
    if (y + height <= PAGE.height - PAGE.margin - FOOTER_ROOM) return;
    doc.addPage();
    y = PAGE.margin;
  };
  const write = (value: string, options: { size?: number; bold?: boolean; color?: string; gap?: number; x?: number; width?: number } = {}) => {
    const text = pdfText(value);
    const width = options.width ?? CONTENT;
    doc.font(options.bold ? BOLD : FONT).fontSize(options.size ?? 10);
    const height = doc.heightOfString(text, { width });
    room(height);
    doc.fillColor(options.color ?? "black").text(text, options.x ?? PAGE.margin, y, { width });
    y += height + (options.gap ?? 3);
  };

  write(data.shopName, { size: 9, color: GREY, gap: 2 });
  write(both("title"), { size: 11, bold: true, color: GREY, gap: 10 });
  write(data.name, { size: 17, bold: true, gap: 6 });
  write(`${both("sku")}: ${data.sku}    ${both("brand")}: ${data.brand}`, { size: 9.5, gap: 2 });
  write(`${both("category")}: ${pair(data.category.en, data.category.sw)}`, { size: 9.5, gap: 2 });
  if (data.packSize > 1) write(both("pack", { count: data.packSize }), { size: 9.5, gap: 2 });
  y += 8;

  // the notice: boxed and shaded, before anything a reader might take for the manufacturer's figures
  const notice = [en("notice", { shop: data.shopName }), sw("notice", { shop: data.shopName })].map(pdfText);
  doc.font(BOLD).fontSize(9.5);
  const noticeHeights = notice.map((n) => doc.heightOfString(n, { width: CONTENT - 20 }));
  const boxHeight = noticeHeights[0]! + noticeHeights[1]! + 26;
  room(boxHeight);
  doc.rect(PAGE.margin, y, CONTENT, boxHeight).lineWidth(1).fillAndStroke(NOTICE_FILL, NOTICE_EDGE);
  doc
    .fillColor("black")
    .font(BOLD)
    .text(notice[0]!, PAGE.margin + 10, y + 9, { width: CONTENT - 20 });
  doc.font(FONT).text(notice[1]!, PAGE.margin + 10, y + 17 + noticeHeights[0]!, { width: CONTENT - 20 });
  y += boxHeight + 16;

  write(both("specifications"), { size: 12, bold: true, gap: 6 });
  if (data.specs.length === 0) write(both("noSpecifications"), { color: GREY, gap: 8 });
  else {
    const labelWidth = CONTENT * 0.45;
    const rowText = (spec: SpecSheetData["specs"][number]) => {
      const value = pair(spec.value.en, spec.value.sw);
      return {
        label: pdfText(pair(spec.label.en, spec.label.sw)),
        value: pdfText(spec.byOption ? `${value} (${both("byOption")})` : value),
      };
    };
    const head = { label: pdfText(both("specification")), value: pdfText(both("value")) };
    [head, ...data.specs.map(rowText)].forEach((row, i) => {
      doc.font(i === 0 ? BOLD : FONT).fontSize(9.5);
      const height =
        Math.max(doc.heightOfString(row.label, { width: labelWidth - 10 }), doc.heightOfString(row.value, { width: CONTENT - labelWidth - 10 })) + 8;
      room(height);
      if (i % 2 === 0) doc.rect(PAGE.margin, y, CONTENT, height).fill(i === 0 ? "#e8e8e8" : "#f6f6f6");
      doc
        .fillColor(i === 0 ? "black" : GREY)
        .font(i === 0 ? BOLD : FONT)
        .text(row.label, PAGE.margin + 5, y + 4, { width: labelWidth - 10 });
      doc
        .fillColor("black")
        .font(BOLD)
        .text(row.value, PAGE.margin + labelWidth + 5, y + 4, { width: CONTENT - labelWidth - 10 });
      y += height;
    });
    doc
      .moveTo(PAGE.margin, y)
      .lineTo(PAGE.margin + CONTENT, y)
      .lineWidth(0.6)
      .strokeColor(RULE)
      .stroke();
    y += 14;
  }

  if (data.description.trim()) {
    write(both("description"), { size: 12, bold: true, gap: 4 });
    write(data.description.trim(), { size: 9.5, gap: 8 });
  }

  // the foot of every page repeats the notice, with the date the sheet was made
  const pages = doc.bufferedPageRange();
  const date = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "Africa/Dar_es_Salaam" }).format(data.generatedAt);
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i);
    // writing below the bottom margin would start a new page
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const foot = pdfText(`${both("footer", { shop: data.shopName })} · ${date} · ${i + 1}/${pages.count}`);
    doc
      .font(FONT)
      .fontSize(7.5)
      .fillColor(GREY)
      .text(foot, PAGE.margin, PAGE.height - PAGE.margin - 20, { width: CONTENT, align: "center" });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
