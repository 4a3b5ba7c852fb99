import { writeFileSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';

/**
 * Writes the installable app's PNG icons into client/public from the same drawing as
 * client/public/favicon.svg (three bars, shortest last, on the brand violet). Run once with
 * `npx tsx scripts/make-pwa-icons.ts`; the PNGs are committed (docs/pwa.md).
 *
 * - pwa-192.png, pwa-512.png: "any" icons, the rounded tile of the favicon.
 * - pwa-maskable-512.png: full-bleed violet, the bars inside the central 50 %, so a launcher's mask
 *   (circle, squircle) never cuts them: the safe zone is the central circle of 80 % of the side, and
 *   a square of 50 % fits in it corners and all (its half-diagonal is 35 %).
 * - apple-touch-icon.png (180 px): iOS ignores manifest icons and rounds the corners itself.
 */
const VIOLET = '#7c3aed';
const BARS = '<g fill="#fff"><rect x="7" y="7" width="18" height="4" rx="1.5"/><rect x="7" y="14" width="14" height="4" rx="1.5"/><rect x="7" y="21" width="10" height="4" rx="1.5"/></g>';

/** The favicon's tile: rounded corners, transparent outside them. */
const tile = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="${VIOLET}"/>${BARS}</svg>`;
/** Square and full-bleed; the bars (an 18-unit square around the centre) scaled by `scale`. */
const fullBleed = (scale: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${VIOLET}"/><g transform="translate(16 16) scale(${scale}) translate(-16 -16)">${BARS}</g></svg>`;

const icons: { file: string; svg: string; size: number }[] = [
  { file: 'pwa-192.png', svg: tile, size: 192 },
  { file: 'pwa-512.png', svg: tile, size: 512 },
  // The bars' 18 units become 50 % of the 32-unit side.
  { file: 'pwa-maskable-512.png', svg: fullBleed((0.5 * 32) / 18), size: 512 },
  { file: 'apple-touch-icon.png', svg: fullBleed(1.25), size: 180 },
];

for (const icon of icons) {
  const png = new Resvg(icon.svg, { fitTo: { mode: 'width', value: icon.size } }).render().asPng();
  writeFileSync(`client/public/${icon.file}`, png);
  console.log(`client/public/${icon.file} (${icon.size} px, ${png.length} bytes)`);
}
