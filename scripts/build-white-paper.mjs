// `npm run white-paper`: lays out apps/web/white-paper/white-paper.md as an A4 PDF
// (apps/web/public/white-paper.pdf), with a title page, a contents page and one section a page,
// then draws each page of that PDF as an image for the flipbook (apps/web/public/white-paper-pages/),
// with the pages' text for screen readers, so the page that shows the book runs no PDF renderer.
// The source understands: front matter, ## and ### headings, paragraphs, "- " bullets,
// "> " notes and **bold**.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas } from '@napi-rs/canvas';
import { LineCapStyle, PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = path.join(root, 'apps/web/white-paper/white-paper.md');
const OUTPUT = path.join(root, 'apps/web/public/white-paper.pdf');
const PAGES_DIR = path.join(root, 'apps/web/public/white-paper-pages');
const PAGES_MANIFEST = path.join(
  root,
  'apps/web/src/features/white-paper/lib/white-paper-pages.json',
);
// Twice the widest page the flipbook shows (520 CSS pixels), sharp on phones and retina screens.
const PAGE_IMAGE_WIDTH = 1040;

const hex = (value) => {
  const n = Number.parseInt(value.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
};
const colour = {
  ink: hex('#0b0b14'),
  surface: hex('#14142a'),
  surface2: hex('#1d1d3a'),
  line: hex('#34345e'),
  fg: hex('#f5f5ff'),
  muted: hex('#b3b3d1'),
  lime: hex('#d4ff3a'),
  limeDeep: hex('#9fcf00'),
  limeWash: hex('#f4ffd6'),
  pink: hex('#ff4fd8'),
  pinkDeep: hex('#c0139c'),
  cyan: hex('#3de8ff'),
  text: hex('#22223a'),
  textMuted: hex('#55557a'),
  white: rgb(1, 1, 1),
};

const A4 = [595.28, 841.89];
const [PAGE_W, PAGE_H] = A4;
const MARGIN_X = 58;
const TOP = PAGE_H - 96;
const BOTTOM = 78;
const TEXT_W = PAGE_W - 2 * MARGIN_X;
// Large for a document: it is mostly read as a flipbook, a page at a time on a screen.
const BODY = { size: 13, leading: 20 };

// ---------------------------------------------------------------- source

function parseSource(text) {
  const [, front = '', body = text] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text) ?? [];
  const meta = Object.fromEntries(
    front
      .split('\n')
      .filter((line) => line.includes(':'))
      .map((line) => [
        line.slice(0, line.indexOf(':')).trim(),
        line.slice(line.indexOf(':') + 1).trim(),
      ]),
  );
  const blocks = [];
  let paragraph = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ type: 'p', text: paragraph.join(' ') });
    paragraph = [];
  };
  const marks = [
    ['## ', 'h2'],
    ['### ', 'h3'],
    ['- ', 'li'],
    ['> ', 'note'],
  ];
  for (const raw of body.split('\n')) {
    const line = raw.trim();
    const mark = marks.find(([prefix]) => line.startsWith(prefix));
    if (!line) flush();
    else if (mark) {
      flush();
      blocks.push({ type: mark[1], text: line.slice(mark[0].length) });
    } else paragraph.push(line);
  }
  flush();
  return { meta, blocks };
}

/** "**bold** and plain" → words tagged with their weight. */
function words(text) {
  return text
    .split(/(\*\*[^*]+\*\*)/)
    .filter(Boolean)
    .flatMap((part) => {
      const bold = part.startsWith('**');
      const plain = bold ? part.slice(2, -2) : part;
      return plain.split(/(?<=\s)|(?=\s)/).map((word) => ({ word, bold }));
    })
    .reduce((list, piece) => {
      // Glue each word to its following space so widths include it.
      if (/^\s+$/.test(piece.word) && list.length) list[list.length - 1].space = true;
      else if (!/^\s+$/.test(piece.word)) list.push({ ...piece, space: false });
      return list;
    }, []);
}

// ---------------------------------------------------------------- drawing helpers

function roundedRect(x, y, w, h, r) {
  // SVG path in a top-left origin; drawSvgPath places it at (x, y) and flips it.
  return {
    path: `M${r} 0H${w - r}A${r} ${r} 0 0 1 ${w} ${r}V${h - r}A${r} ${r} 0 0 1 ${w - r} ${h}H${r}A${r} ${r} 0 0 1 0 ${h - r}V${r}A${r} ${r} 0 0 1 ${r} 0Z`,
    x,
    y: y + h,
  };
}

function fillRoundedRect(page, x, y, w, h, r, options) {
  const shape = roundedRect(x, y, w, h, r);
  page.drawSvgPath(shape.path, { x: shape.x, y: shape.y, ...options });
}

/** Tammy, drawn from the same shapes as the site's SVG mascot (64 × 64 units). */
function drawMascot(page, left, top, size) {
  const s = size / 64;
  const at = (x, y) => ({ x: left + x * s, y: top - y * s });
  const path = (d, options) =>
    page.drawSvgPath(d, {
      x: left,
      y: top,
      scale: s,
      borderLineCap: LineCapStyle.Round,
      ...options,
    });
  const circle = (cx, cy, r, options) =>
    page.drawCircle({ ...at(cx, cy), size: r * s, ...options });
  const outline = { borderColor: colour.ink };

  // Paths are drawn through a scaled matrix (their stroke scales too); circles are not.
  path('M23 15 18 6M41 15l5-9', { borderColor: colour.ink, borderWidth: 3 });
  circle(18, 6, 4, { color: colour.cyan, ...outline, borderWidth: 2.5 * s });
  circle(46, 6, 4, { color: colour.pink, ...outline, borderWidth: 2.5 * s });
  path('M32 13c14 0 26 9 26 24 0 14-11 23-26 23S6 51 6 37c0-15 12-24 26-24z', {
    color: colour.lime,
    ...outline,
    borderWidth: 3,
  });
  path('M14 26c2-5 6-8 11-9', { borderColor: colour.white, borderOpacity: 0.55, borderWidth: 2.5 });
  circle(23, 32, 8, { color: colour.white, ...outline, borderWidth: 2.5 * s });
  circle(43, 30, 10, { color: colour.white, ...outline, borderWidth: 2.5 * s });
  path('M20 44c4 7 20 7 24 0z', { color: colour.ink, ...outline, borderWidth: 2 });
  circle(25, 30, 3.5, { color: colour.ink });
  circle(46, 27, 4.5, { color: colour.ink });
  circle(26.2, 28.8, 1.1, { color: colour.white });
  circle(47.6, 25.4, 1.4, { color: colour.white });
  path('M28 48c2-2.5 6-2.5 8 0-1.5 1.6-6.5 1.6-8 0z', { color: colour.pink });
  for (const [cx, cy] of [
    [13, 43],
    [52, 42],
  ]) {
    page.drawEllipse({
      ...at(cx, cy),
      xScale: 3.5 * s,
      yScale: 2 * s,
      color: colour.pink,
      opacity: 0.75,
    });
  }
}

/** A soft glow: stacked translucent discs, since PDF gradients are more than this needs. */
function glow(page, x, y, radius, color) {
  const steps = 30;
  for (let i = 0; i < steps; i++) {
    page.drawCircle({ x, y, size: radius * (1 - i / steps), color, opacity: 0.012 });
  }
}

function centred(page, text, { y, font, size, color }) {
  const width = font.widthOfTextAtSize(text, size);
  page.drawText(text, { x: (PAGE_W - width) / 2, y, font, size, color });
}

// ---------------------------------------------------------------- layout

function createWriter(doc, fonts) {
  const pages = [];
  let page;
  let y = TOP;

  function newPage() {
    page = doc.addPage(A4);
    pages.push(page);
    y = TOP;
  }

  function ensure(height) {
    if (!page || y - height < BOTTOM) newPage();
  }

  /** Wraps words into lines no wider than `width`; returns [{ pieces, width }]. */
  function wrap(text, size, width, allBold = false) {
    const lines = [];
    let line = [];
    let lineWidth = 0;
    for (const piece of words(text)) {
      const font = piece.bold || allBold ? fonts.bold : fonts.regular;
      const wordWidth = font.widthOfTextAtSize(piece.word, size);
      const spaceWidth = piece.space ? font.widthOfTextAtSize(' ', size) : 0;
      if (line.length && lineWidth + wordWidth > width) {
        lines.push(line);
        line = [];
        lineWidth = 0;
      }
      line.push({ ...piece, font, x: lineWidth });
      lineWidth += wordWidth + spaceWidth;
    }
    if (line.length) lines.push(line);
    return lines;
  }

  /** One drawText per run of the same font, so the viewer spaces the words of a run itself. */
  function drawLine(line, x, baseline, size, color) {
    let run = null;
    const flush = () =>
      run && page.drawText(run.text, { x: x + run.x, y: baseline, size, font: run.font, color });
    for (const piece of line) {
      if (run && run.font === piece.font) run.text += `${run.space ? ' ' : ''}${piece.word}`;
      else {
        flush();
        run = { text: piece.word, font: piece.font, x: piece.x };
      }
      run.space = piece.space;
    }
    flush();
  }

  function text(
    content,
    { indent = 0, size = BODY.size, leading = BODY.leading, color = colour.text, before } = {},
  ) {
    const lines = wrap(content, size, TEXT_W - indent);
    lines.forEach((line, index) => {
      ensure(leading);
      before?.(index);
      drawLine(line, MARGIN_X + indent, y - size, size, color);
      y -= leading;
    });
  }

  return {
    pages,
    section(number, title) {
      newPage();
      const box = 44;
      fillRoundedRect(page, MARGIN_X, y - box, box, box, 10, {
        color: colour.lime,
        borderColor: colour.ink,
        borderWidth: 2,
      });
      const label = String(number).padStart(2, '0');
      const labelWidth = fonts.bold.widthOfTextAtSize(label, 18);
      page.drawText(label, {
        x: MARGIN_X + (box - labelWidth) / 2,
        y: y - box / 2 - 6.5,
        size: 18,
        font: fonts.bold,
        color: colour.ink,
      });
      page.drawText(title, {
        x: MARGIN_X + box + 16,
        y: y - box / 2 - 10,
        size: 28,
        font: fonts.bold,
        color: colour.ink,
      });
      y -= box + 30;
      return pages.length - 1;
    },
    subheading(title) {
      ensure(12 + 30 + BODY.leading * 2);
      y -= 12;
      page.drawRectangle({ x: MARGIN_X, y: y - 17, width: 5, height: 19, color: colour.pink });
      page.drawText(title, {
        x: MARGIN_X + 14,
        y: y - 16,
        size: 17,
        font: fonts.bold,
        color: colour.ink,
      });
      y -= 32;
    },
    paragraph(content) {
      text(content);
      y -= 10;
    },
    bullet(content) {
      text(content, {
        indent: 22,
        before: (index) => {
          if (index === 0)
            page.drawCircle({
              x: MARGIN_X + 7,
              y: y - BODY.size + 4.4,
              size: 3.2,
              color: colour.pinkDeep,
            });
        },
      });
      y -= 6;
    },
    note(content) {
      const size = 13.5;
      const leading = 20;
      const pad = 16;
      const lines = wrap(content, size, TEXT_W - 2 * pad - 6, true);
      const height = lines.length * leading + 2 * pad - 4;
      ensure(height + 10);
      y -= 4;
      fillRoundedRect(page, MARGIN_X, y - height, TEXT_W, height, 10, { color: colour.limeWash });
      page.drawRectangle({ x: MARGIN_X, y: y - height, width: 6, height, color: colour.limeDeep });
      let baseline = y - pad - size + 2;
      for (const line of lines) {
        drawLine(line, MARGIN_X + pad + 6, baseline, size, colour.ink);
        baseline -= leading;
      }
      y -= height + 16;
    },
  };
}

function drawTitlePage(page, fonts, meta) {
  page.drawRectangle({ x: 0, y: 0, width: PAGE_W, height: PAGE_H, color: colour.ink });
  glow(page, PAGE_W * 0.92, PAGE_H * 0.9, 300, colour.pink);
  glow(page, 0, PAGE_H * 0.28, 240, colour.cyan);

  const cx = PAGE_W / 2;
  const cy = PAGE_H * 0.64;
  page.drawCircle({ x: cx, y: cy, size: 150, color: colour.surface });
  page.drawCircle({
    x: cx,
    y: cy,
    size: 168,
    borderColor: colour.line,
    borderWidth: 3,
    borderDashArray: [8, 10],
  });
  drawMascot(page, cx - 120, cy + 128, 240);

  const badge = meta.edition ?? '';
  const badgeWidth = fonts.bold.widthOfTextAtSize(badge.toUpperCase(), 10) + 28;
  fillRoundedRect(page, (PAGE_W - badgeWidth) / 2, 300, badgeWidth, 26, 13, {
    borderColor: colour.pink,
    borderWidth: 2,
  });
  centred(page, badge.toUpperCase(), { y: 309, font: fonts.bold, size: 10, color: colour.pink });

  const title = meta.title ?? 'TMC';
  centred(page, title, { y: 182, font: fonts.bold, size: 112, color: hex('#000000') });
  centred(page, title, { y: 188, font: fonts.bold, size: 112, color: colour.lime });
  centred(page, meta.subtitle ?? 'White Paper', {
    y: 140,
    font: fonts.bold,
    size: 28,
    color: colour.fg,
  });
  centred(page, meta.tagline ?? '', { y: 112, font: fonts.regular, size: 15, color: colour.muted });
  centred(page, 'For fun and community. Not financial advice. 18+ only.', {
    y: 48,
    font: fonts.regular,
    size: 12,
    color: colour.muted,
  });
}

function drawContentsPage(page, fonts, sections) {
  let y = TOP;
  page.drawText('Contents', {
    x: MARGIN_X,
    y: y - 24,
    size: 34,
    font: fonts.bold,
    color: colour.ink,
  });
  y -= 80;
  sections.forEach((section, index) => {
    const label = String(index + 1).padStart(2, '0');
    const number = String(section.page);
    page.drawText(label, { x: MARGIN_X, y, size: 16, font: fonts.bold, color: colour.pinkDeep });
    page.drawText(section.title, {
      x: MARGIN_X + 40,
      y,
      size: 16,
      font: fonts.bold,
      color: colour.ink,
    });
    const titleEnd = MARGIN_X + 40 + fonts.bold.widthOfTextAtSize(section.title, 16) + 8;
    const numberWidth = fonts.bold.widthOfTextAtSize(number, 16);
    const numberX = PAGE_W - MARGIN_X - numberWidth;
    page.drawLine({
      start: { x: titleEnd, y: y + 3 },
      end: { x: numberX - 8, y: y + 3 },
      thickness: 1.2,
      color: colour.line,
      dashArray: [1.2, 4],
      lineCap: LineCapStyle.Round,
    });
    page.drawText(number, { x: numberX, y, size: 16, font: fonts.bold, color: colour.ink });
    y -= 42;
  });
  y -= 16;
  const intro =
    'This paper explains what TMC is, how the presale, the swap offer and the affiliate programme work, and the risks of taking part. TMC is a meme token for fun and community: please read the risks and the disclaimer before you buy.';
  let line = '';
  for (const word of intro.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (fonts.regular.widthOfTextAtSize(next, BODY.size) > TEXT_W) {
      page.drawText(line, {
        x: MARGIN_X,
        y,
        size: BODY.size,
        font: fonts.regular,
        color: colour.textMuted,
      });
      y -= BODY.leading;
      line = word;
    } else line = next;
  }
  page.drawText(line, {
    x: MARGIN_X,
    y,
    size: BODY.size,
    font: fonts.regular,
    color: colour.textMuted,
  });
}

/** The brand stripe at the top and the page number at the bottom of every inner page. */
function drawFrame(page, fonts, number, total) {
  const third = PAGE_W / 3;
  page.drawRectangle({ x: 0, y: PAGE_H - 8, width: third, height: 8, color: colour.lime });
  page.drawRectangle({ x: third, y: PAGE_H - 8, width: third, height: 8, color: colour.pink });
  page.drawRectangle({
    x: 2 * third,
    y: PAGE_H - 8,
    width: third + 1,
    height: 8,
    color: colour.cyan,
  });
  page.drawText('TMC White Paper', {
    x: MARGIN_X,
    y: PAGE_H - 46,
    size: 11,
    font: fonts.bold,
    color: colour.textMuted,
  });
  page.drawLine({
    start: { x: MARGIN_X, y: 58 },
    end: { x: PAGE_W - MARGIN_X, y: 58 },
    thickness: 0.8,
    color: hex('#d9d9e8'),
  });
  page.drawText('For fun, not financial advice · 18+ only', {
    x: MARGIN_X,
    y: 38,
    size: 10.5,
    font: fonts.regular,
    color: colour.textMuted,
  });
  const label = `${number} / ${total}`;
  const width = fonts.bold.widthOfTextAtSize(label, 11);
  page.drawText(label, {
    x: PAGE_W - MARGIN_X - width,
    y: 38,
    size: 11,
    font: fonts.bold,
    color: colour.ink,
  });
}

// ---------------------------------------------------------------- main

const { meta, blocks } = parseSource(fs.readFileSync(SOURCE, 'utf8'));
const doc = await PDFDocument.create({ updateMetadata: false });
const fonts = {
  regular: await doc.embedFont(StandardFonts.Helvetica),
  bold: await doc.embedFont(StandardFonts.HelveticaBold),
};

drawTitlePage(doc.addPage(A4), fonts, meta);
const writer = createWriter(doc, fonts);
const sections = [];
for (const block of blocks) {
  if (block.type === 'h2')
    sections.push({ title: block.text, index: writer.section(sections.length + 1, block.text) });
  else if (block.type === 'h3') writer.subheading(block.text);
  else if (block.type === 'li') writer.bullet(block.text);
  else if (block.type === 'note') writer.note(block.text);
  else writer.paragraph(block.text);
}

// The contents page goes in after the title page, once the sections know their pages.
const contents = doc.insertPage(1, A4);
const firstInner = 3; // title, contents, then the sections
for (const section of sections) section.page = section.index + firstInner;
drawContentsPage(contents, fonts, sections);
const total = doc.getPageCount();
doc.getPages().forEach((page, index) => {
  if (index > 0) drawFrame(page, fonts, index + 1, total);
});

// Fixed metadata so the committed file only changes when its source does.
const date = new Date(`${meta.date ?? '2026-01-01'}T00:00:00Z`);
doc.setTitle(`${meta.title} ${meta.subtitle}`);
doc.setSubject(meta.tagline ?? '');
doc.setAuthor('TMC');
doc.setCreator('TMC');
doc.setProducer('TMC');
doc.setKeywords(['TMC', 'meme token', 'presale', 'white paper']);
doc.setLanguage('en-AU');
doc.setCreationDate(date);
doc.setModificationDate(date);

const pdfBytes = await doc.save();
fs.writeFileSync(OUTPUT, pdfBytes);
console.log(
  `Wrote ${path.relative(root, OUTPUT)}: ${total} pages, ${(fs.statSync(OUTPUT).size / 1024).toFixed(0)} KB`,
);

// ---------------------------------------------------------------- page images

const pdf = await getDocument({
  data: new Uint8Array(pdfBytes),
  useWasm: false,
  isEvalSupported: false,
  // The PDF uses the standard fonts without embedding them.
  standardFontDataUrl: path.join(root, 'node_modules/pdfjs-dist/standard_fonts/'),
}).promise;
fs.rmSync(PAGES_DIR, { recursive: true, force: true });
fs.mkdirSync(PAGES_DIR, { recursive: true });
const pages = [];
let imageBytes = 0;
let size;
for (let number = 1; number <= pdf.numPages; number++) {
  const page = await pdf.getPage(number);
  const viewport = page.getViewport({
    scale: PAGE_IMAGE_WIDTH / page.getViewport({ scale: 1 }).width,
  });
  const canvas = createCanvas(Math.round(viewport.width), Math.round(viewport.height));
  await page.render({ canvas, viewport }).promise;
  const image = await canvas.encode('webp', 80);
  fs.writeFileSync(path.join(PAGES_DIR, `${number}.webp`), image);
  imageBytes += image.length;
  size ??= { width: canvas.width, height: canvas.height };
  const { items } = await page.getTextContent();
  pages.push(
    items
      .map((item) => item.str ?? '')
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}
await pdf.destroy();
const manifest = {
  pdfSha256: createHash('sha256').update(pdfBytes).digest('hex'),
  ...size,
  pages,
};
fs.writeFileSync(PAGES_MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
console.log(
  `Wrote ${path.relative(root, PAGES_DIR)}/: ${pages.length} page images, ${(imageBytes / 1024).toFixed(0)} KB`,
);
