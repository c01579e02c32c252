// Draws the landing page's sample art and writes it, as AVIF and WebP at 1x and 2x, to
// apps/web/public/sample-art. Run it again after changing a piece: `node scripts/make-sample-art.mjs`.
import path from 'node:path';
import sharp from 'sharp';

const OUT = path.resolve(import.meta.dirname, '../apps/web/public/sample-art');
const WIDTHS = [240, 480];

/** Each piece: a sky, a light, a skyline and a head-and-shoulders figure, in its own colours. */
const PIECES = [
  {
    slug: 'golden-hour',
    sky: ['#ff9a5a', '#6b2d7b'],
    light: '#ffe1a8',
    hair: '#3b1f2b',
    outfit: '#c2456b',
    skin: '#e9b08f',
  },
  {
    slug: 'neon-night',
    sky: ['#0f1a4a', '#d0237f'],
    light: '#8ef0ff',
    hair: '#1b1030',
    outfit: '#3a7bff',
    skin: '#c98f7a',
  },
  {
    slug: 'sea-breeze',
    sky: ['#8fd3f4', '#2a5aa8'],
    light: '#ffffff',
    hair: '#7a4a22',
    outfit: '#f2f2f2',
    skin: '#f0c8a8',
  },
  {
    slug: 'forest-dawn',
    sky: ['#c6f1c0', '#1f5a4a'],
    light: '#fff4c2',
    hair: '#b2552a',
    outfit: '#2f6b3a',
    skin: '#f3d0b5',
  },
  {
    slug: 'rose-studio',
    sky: ['#ffd1dc', '#b03a6e'],
    light: '#fff0f5',
    hair: '#111111',
    outfit: '#1e1e2a',
    skin: '#a86f55',
  },
  {
    slug: 'winter-moon',
    sky: ['#dfe8ff', '#3a3f7a'],
    light: '#ffffff',
    hair: '#e6e6f0',
    outfit: '#5a6acf',
    skin: '#eec6b0',
  },
];

function svg({ sky, light, hair, outfit, skin }, index) {
  const hills = [0, 1, 2]
    .map((i) => {
      const y = 560 + i * 60;
      return `<path d="M0 ${y} Q 150 ${y - 80 + i * 20} 300 ${y - 20} T 600 ${y - 40} V 800 H 0 Z" fill="${sky[1]}" opacity="${0.35 + i * 0.2}"/>`;
    })
    .join('');
  const tilt = (index % 3) * 5 - 5;
  const sun = { x: [470, 130, 480, 120, 460, 140][index], y: 150 + (index % 2) * 40 };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800" viewBox="0 0 600 800">
<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient>
<radialGradient id="glow"><stop offset="0" stop-color="${light}" stop-opacity="0.9"/><stop offset="1" stop-color="${light}" stop-opacity="0"/></radialGradient>
</defs>
<rect width="600" height="800" fill="url(#sky)"/>
<circle cx="${sun.x}" cy="${sun.y}" r="200" fill="url(#glow)"/>
<circle cx="${sun.x}" cy="${sun.y}" r="56" fill="${light}" opacity="0.85"/>
${hills}
<path d="M196 330 C 196 220 404 220 404 330 L 420 640 L 180 640 Z" fill="${hair}" transform="rotate(${tilt} 300 420)"/>
<path d="M90 800 C 100 620 200 565 300 565 C 400 565 500 620 510 800 Z" fill="${outfit}"/>
<rect x="268" y="490" width="64" height="100" rx="28" fill="${skin}"/>
<g transform="rotate(${tilt} 300 420)">
<ellipse cx="300" cy="400" rx="90" ry="114" fill="${skin}"/>
<path d="M204 390 C 200 270 400 270 396 390 C 360 330 250 320 204 390 Z" fill="${hair}"/>
<ellipse cx="266" cy="415" rx="9" ry="11" fill="#1b1b24"/><ellipse cx="334" cy="415" rx="9" ry="11" fill="#1b1b24"/>
<path d="M274 468 Q 300 484 326 468" stroke="#8a3344" stroke-width="7" fill="none" stroke-linecap="round"/>
</g>
</svg>`;
}

for (const [index, piece] of PIECES.entries()) {
  const art = Buffer.from(svg(piece, index));
  for (const width of WIDTHS) {
    const image = sharp(art, { density: 144 }).resize(width, (width * 4) / 3);
    await image
      .clone()
      .avif({ quality: 50 })
      .toFile(path.join(OUT, `${piece.slug}-${width}.avif`));
    await image
      .clone()
      .webp({ quality: 72 })
      .toFile(path.join(OUT, `${piece.slug}-${width}.webp`));
  }
}
console.log(`${PIECES.length} pieces written to ${OUT}`);
