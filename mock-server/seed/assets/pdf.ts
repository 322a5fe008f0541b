// A one-page PDF 1.4 written by hand for the seeded spa menus: the standard Helvetica fonts
// (no embedding) in WinAnsiEncoding, one uncompressed text stream, a coloured header band, and a
// cross-reference table with the objects' real byte offsets. Readers open it as any other PDF.

/** One line of a menu: a treatment, its duration and its price. */
export interface MenuItem {
  name: string;
  detail: string;
  price: string;
}

export interface MenuSection {
  heading: string;
  items: readonly MenuItem[];
}

export interface MenuDocument {
  /** The document's title (also its metadata title). */
  title: string;
  subtitle: string;
  sections: readonly MenuSection[];
  /** Closing lines under the menu (opening hours, how to book). */
  notes: readonly string[];
  /** `#rrggbb` of the header band. */
  accent: string;
  /** The document's language, e.g. `nl`. */
  lang: string;
}

const PAGE_WIDTH = 595; // A4 in points
const PAGE_HEIGHT = 842;
const MARGIN = 56;

// WinAnsiEncoding (PDF 1.7 annex D) for the characters outside Latin-1 that menus use.
const WIN_ANSI: Readonly<Record<string, number>> = {
  '€': 0x80,
  '‚': 0x82,
  '„': 0x84,
  '…': 0x85,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
};

/** A PDF string literal in WinAnsi: ASCII as is, the rest as octal escapes (the file stays ASCII). */
export function pdfString(text: string): string {
  let out = '(';
  for (const char of text) {
    const code = WIN_ANSI[char] ?? char.codePointAt(0)!;
    if (code > 0xff || (code >= 0x7f && code < 0xa0 && !(char in WIN_ANSI))) {
      throw new Error(`pdfString: no WinAnsi code for "${char}"`);
    }
    if (char === '(' || char === ')' || char === '\\') out += `\\${char}`;
    else if (code < 0x20 || code > 0x7e) out += `\\${code.toString(8).padStart(3, '0')}`;
    else out += char;
  }
  return `${out})`;
}

const rgb = (hex: string) =>
  [1, 3, 5].map((at) => (parseInt(hex.slice(at, at + 2), 16) / 255).toFixed(3)).join(' ');

/** The page's content stream: drawing and text operators. */
function contentStream(doc: MenuDocument): string {
  const ops: string[] = [];
  const text = (font: 'F1' | 'F2', size: number, x: number, y: number, value: string) =>
    ops.push(`BT /${font} ${size} Tf ${x} ${y} Td ${pdfString(value)} Tj ET`);

  // Header band in the hotel's colour, with the title in white.
  ops.push(`${rgb(doc.accent)} rg 0 ${PAGE_HEIGHT - 150} ${PAGE_WIDTH} 150 re f`);
  ops.push('1 1 1 rg');
  text('F2', 26, MARGIN, PAGE_HEIGHT - 80, doc.title);
  text('F1', 12, MARGIN, PAGE_HEIGHT - 106, doc.subtitle);

  let y = PAGE_HEIGHT - 200;
  for (const section of doc.sections) {
    ops.push(`${rgb(doc.accent)} rg`);
    text('F2', 15, MARGIN, y, section.heading);
    // A thin rule under the heading.
    ops.push(
      `${rgb(doc.accent)} RG 0.8 w ${MARGIN} ${y - 8} m ${PAGE_WIDTH - MARGIN} ${y - 8} l S`,
    );
    y -= 30;
    ops.push('0.13 0.17 0.21 rg');
    for (const item of section.items) {
      text('F1', 11, MARGIN, y, item.name);
      text('F1', 11, 360, y, item.detail);
      text('F2', 11, PAGE_WIDTH - MARGIN - 50, y, item.price);
      y -= 20;
    }
    y -= 16;
  }
  ops.push('0.38 0.42 0.47 rg');
  for (const note of doc.notes) {
    text('F1', 10, MARGIN, y, note);
    y -= 15;
  }
  return `${ops.join('\n')}\n`;
}

/** The whole file: objects, the xref table with each object's byte offset, the trailer. */
export function menuPdf(doc: MenuDocument): Buffer {
  const stream = contentStream(doc);
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R /Lang ${pdfString(doc.lang)} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
      '/Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}endstream`,
    `<< /Title ${pdfString(doc.title)} /Producer (Stay Console seed) >>`,
  ];
  // The binary comment marks the file as binary for transfer tools (PDF 1.7 §7.5.2).
  let file = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(file, 'latin1'));
    file += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(file, 'latin1');
  file += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) file += `${String(offset).padStart(10, '0')} 00000 n \n`;
  file +=
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\n` +
    `startxref\n${xref}\n%%EOF\n`;
  return Buffer.from(file, 'latin1');
}
