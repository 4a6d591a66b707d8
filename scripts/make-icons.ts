// Draws the app's PNG icons (installed app, home screen) from client/public/favicon.svg.
// Run after changing the favicon: `npx tsx scripts/make-icons.ts`; the PNGs are committed.
import { readFile, writeFile } from 'node:fs/promises';
import { createCanvas, loadImage } from '@napi-rs/canvas';

const NAVY = '#0b2545';
const svg = await readFile('client/public/favicon.svg', 'utf8');

/** `padding`: the share of each side left as plain navy (maskable icons keep their art in the safe zone). */
async function draw(size: number, file: string, padding = 0) {
  const canvas = createCanvas(size, size);
  const ctx = canvas.getContext('2d');
  const inset = Math.round(size * padding);
  const side = size - 2 * inset;
  // Drawn at the size it is shown, not scaled up from the favicon's 32 px.
  const image = await loadImage(Buffer.from(svg.replace('<svg ', `<svg width="${side}" height="${side}" `)));
  if (padding > 0) {
    ctx.fillStyle = NAVY;
    ctx.fillRect(0, 0, size, size);
  }
  ctx.drawImage(image, inset, inset, side, side);
  await writeFile(`client/public/icons/${file}`, canvas.toBuffer('image/png'));
}

await draw(192, 'icon-192.png');
await draw(512, 'icon-512.png');
await draw(512, 'maskable-512.png', 0.12);
await draw(180, 'apple-touch-icon.png', 0.08);
