// `node scripts/build-banners.mjs`: renders the affiliate marketing banners (apps/web/public/banners)
// from the SVG mascot with Chromium. Their wording follows the promotion rules of the affiliate
// terms: fun and community, "not financial advice", no returns, prices or urgency.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = path.join(root, 'apps/web/public');
const outDir = path.join(publicDir, 'banners');
const mascot = fs.readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');

const INK = '#0b0b14';
const LIME = '#d4ff3a';
const PINK = '#ff4fd8';
const CYAN = '#3de8ff';
const LINE = '#34345e';
const MUTED = '#b3b3d1';

const sparkle = (color, size, style) =>
  `<svg viewBox="0 0 24 24" style="position:absolute;width:${size}px;height:${size}px;${style}"><path d="M12 0c1 7 5 11 12 12-7 1-11 5-12 12-1-7-5-11-12-12C7 11 11 7 12 0z" fill="${color}"/></svg>`;

const page = (width, height, body) => `<!doctype html>
<html><head><meta charset="utf-8"><style>
  * { box-sizing: border-box; margin: 0; }
  html, body { background: ${INK}; color: #f5f5ff; font-family: 'DejaVu Sans', 'Liberation Sans', sans-serif; }
  svg { display: block; }
  .frame { position: relative; width: ${width}px; height: ${height}px; overflow: hidden;
    background:
      radial-gradient(${width * 0.5}px ${height * 0.7}px at 92% 6%, rgb(255 79 216 / .3), transparent 70%),
      radial-gradient(${width * 0.45}px ${height * 0.6}px at 0% 100%, rgb(61 232 255 / .22), transparent 70%),
      ${INK}; }
  .pill { border-radius: 999px; font-weight: 900; white-space: nowrap; }
  .mascot { transform: rotate(-6deg); filter: drop-shadow(0 10px 0 #000); }
</style></head><body><div class="frame">${body}</div></body></html>`;

const ring = (size, style) => `
  <div style="position:absolute;${style};width:${size}px;height:${size}px">
    <div style="position:absolute;inset:0;border:${Math.round(size / 60)}px dashed ${LINE};border-radius:50%"></div>
    <div style="position:absolute;inset:${size * 0.08}px;background:#14142a;border-radius:50%"></div>
    ${sparkle(CYAN, size * 0.12, `left:${size * 0.02}px;top:${size * 0.1}px`)}
    ${sparkle(PINK, size * 0.15, `right:-${size * 0.02}px;bottom:${size * 0.18}px`)}
    ${sparkle(LIME, size * 0.08, `right:${size * 0.24}px;top:-${size * 0.01}px`)}
    <div class="mascot" style="position:absolute;inset:${size * 0.13}px">${mascot}</div>
  </div>`;

const footnote = 'For fun and community · Not financial advice · 18+ only';

const social = page(
  1200,
  630,
  `
  <div style="position:absolute;left:72px;top:70px;width:690px;display:flex;flex-direction:column;gap:26px;align-items:flex-start">
    <span class="pill" style="border:3px solid ${PINK};color:${PINK};padding:8px 20px;font-size:22px;letter-spacing:.14em">MEET TAMMY</span>
    <div style="font-size:168px;line-height:.9;font-weight:900;color:${LIME};letter-spacing:-4px;text-shadow:0 10px 0 #000">TMC</div>
    <div style="font-size:44px;font-weight:900;line-height:1.1">The meme coin with a grin</div>
    <div style="display:flex;gap:14px">
      <span class="pill" style="background:${LIME};color:${INK};border:3px solid #000;box-shadow:0 5px 0 #000;padding:10px 22px;font-size:24px">Memes · Mascots · Community</span>
    </div>
  </div>
  <div style="position:absolute;left:72px;bottom:40px;font-size:20px;color:${MUTED}">${footnote}</div>
  ${ring(380, 'right:56px;top:116px')}`,
);

const square = page(
  1080,
  1080,
  `
  <div style="position:absolute;inset:0;display:flex;flex-direction:column;align-items:center;padding-top:70px;gap:22px">
    <span class="pill" style="border:3px solid ${PINK};color:${PINK};padding:10px 24px;font-size:26px;letter-spacing:.14em">JOIN THE GRIN</span>
    <div style="position:relative;width:500px;height:500px">${ring(500, 'left:0;top:0')}</div>
    <div style="font-size:150px;line-height:.9;font-weight:900;color:${LIME};letter-spacing:-4px;text-shadow:0 10px 0 #000">TMC</div>
    <div style="font-size:44px;font-weight:900">The meme coin with a grin</div>
    <span class="pill" style="background:${LIME};color:${INK};border:3px solid #000;box-shadow:0 5px 0 #000;padding:10px 24px;font-size:26px">Memes · Mascots · Community</span>
  </div>
  <div style="position:absolute;left:0;right:0;bottom:34px;text-align:center;font-size:22px;color:${MUTED}">${footnote}</div>`,
);

const leaderboard = page(
  728,
  90,
  `
  <div style="position:absolute;inset:0;display:flex;align-items:center;gap:14px;padding:0 16px">
    <div class="mascot" style="width:62px;height:62px;flex:none">${mascot}</div>
    <div style="font-size:42px;line-height:1;font-weight:900;color:${LIME};letter-spacing:-1px;text-shadow:0 4px 0 #000">TMC</div>
    <div style="display:flex;flex-direction:column;gap:4px;min-width:0">
      <div style="font-size:18px;font-weight:900;white-space:nowrap">The meme coin with a grin</div>
      <div style="font-size:12px;color:${MUTED};white-space:nowrap">Not financial advice · 18+ only</div>
    </div>
    <span class="pill" style="margin-left:auto;background:${LIME};color:${INK};border:2px solid #000;box-shadow:0 3px 0 #000;padding:7px 14px;font-size:15px">Say hi to Tammy</span>
  </div>`,
);

const banners = [
  { file: 'tmc-banner-1200x630.png', html: social, width: 1200, height: 630 },
  { file: 'tmc-banner-1080x1080.png', html: square, width: 1080, height: 1080 },
  { file: 'tmc-banner-728x90.png', html: leaderboard, width: 728, height: 90 },
];

fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
  for (const banner of banners) {
    const tab = await browser.newPage({ viewport: { width: banner.width, height: banner.height } });
    await tab.setContent(banner.html);
    await tab.screenshot({ path: path.join(outDir, banner.file) });
    await tab.close();
    console.log(`Wrote apps/web/public/banners/${banner.file} (${banner.width}×${banner.height})`);
  }
} finally {
  await browser.close();
}
