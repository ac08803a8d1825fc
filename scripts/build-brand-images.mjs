// `npm run brand-images`: renders the PNG artwork the site needs from the SVG mascot
// (apps/web/public/favicon.svg) with Chromium: the Open Graph card shown when a referral link
// is shared, the iOS home-screen icon and a PNG favicon for browsers without SVG favicons.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = path.join(root, 'apps/web/public');
const mascot = fs.readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');

const sparkle = (color, size, style) =>
  `<svg viewBox="0 0 24 24" style="position:absolute;width:${size}px;height:${size}px;${style}"><path d="M12 0c1 7 5 11 12 12-7 1-11 5-12 12-1-7-5-11-12-12C7 11 11 7 12 0z" fill="${color}"/></svg>`;

const page = (body, background = '#0b0b14') => `<!doctype html>
<html><head><meta charset="utf-8"><style>
  * { box-sizing: border-box; margin: 0; }
  html, body { background: ${background}; color: #f5f5ff; font-family: 'DejaVu Sans', 'Liberation Sans', sans-serif; }
  svg { display: block; }
</style></head><body>${body}</body></html>`;

const ogCard = page(`
<div style="position:relative;width:1200px;height:630px;overflow:hidden;
  background:
    radial-gradient(560px 420px at 92% 6%, rgb(255 79 216 / .32), transparent 70%),
    radial-gradient(480px 360px at 0% 100%, rgb(61 232 255 / .22), transparent 70%),
    #0b0b14;">
  <div style="position:absolute;left:72px;top:64px;width:700px;display:flex;flex-direction:column;gap:24px;align-items:flex-start">
    <span style="border:3px solid #ff4fd8;color:#ff4fd8;border-radius:999px;padding:8px 20px;font-size:22px;font-weight:900;letter-spacing:.14em">MEME TOKEN PRESALE</span>
    <div style="font-size:176px;line-height:.9;font-weight:900;color:#d4ff3a;letter-spacing:-4px;text-shadow:0 10px 0 #000">TMC</div>
    <div style="font-size:40px;font-weight:900;line-height:1.1;white-space:nowrap">The meme coin with a grin</div>
    <div style="display:flex;gap:14px;flex-wrap:wrap">
      <span style="background:#d4ff3a;color:#0b0b14;border:3px solid #000;box-shadow:0 5px 0 #000;border-radius:999px;padding:10px 22px;font-size:24px;font-weight:900">Buy with AUD · ETH · USDC</span>
      <span style="border:3px solid #3de8ff;color:#f5f5ff;border-radius:999px;padding:10px 22px;font-size:24px;font-weight:700">Affiliates earn 20%</span>
    </div>
  </div>
  <div style="position:absolute;left:72px;bottom:40px;font-size:20px;color:#b3b3d1">For fun and community · Not financial advice · 18+ only</div>
  <div style="position:absolute;right:56px;top:118px;width:370px;height:370px">
    <div style="position:absolute;inset:0;border:6px dashed #34345e;border-radius:50%"></div>
    <div style="position:absolute;inset:30px;background:#14142a;border-radius:50%"></div>
    ${sparkle('#3de8ff', 46, 'left:6px;top:40px')}
    ${sparkle('#ff4fd8', 58, 'right:-6px;bottom:70px')}
    ${sparkle('#d4ff3a', 30, 'right:90px;top:-4px')}
    <div style="position:absolute;inset:46px;transform:rotate(-6deg);filter:drop-shadow(0 14px 0 #000)">${mascot}</div>
  </div>
</div>`);

const icon = (size, inset) =>
  page(
    `<div style="width:${size}px;height:${size}px;padding:${inset}px;background:radial-gradient(circle at 70% 20%, #27274b, #0b0b14 70%)">${mascot}</div>`,
  );

const images = [
  { file: 'og-image.png', html: ogCard, width: 1200, height: 630 },
  { file: 'apple-touch-icon.png', html: icon(180, 18), width: 180, height: 180 },
  {
    file: 'favicon-32.png',
    html: page(`<div style="width:32px;height:32px">${mascot}</div>`, 'transparent'),
    width: 32,
    height: 32,
    transparent: true,
  },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
  for (const image of images) {
    const tab = await browser.newPage({ viewport: { width: image.width, height: image.height } });
    await tab.setContent(image.html);
    await tab.screenshot({
      path: path.join(publicDir, image.file),
      omitBackground: image.transparent ?? false,
    });
    await tab.close();
    console.log(`Wrote apps/web/public/${image.file} (${image.width}×${image.height})`);
  }
} finally {
  await browser.close();
}
