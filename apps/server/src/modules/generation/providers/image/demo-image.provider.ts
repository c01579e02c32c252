import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { type Clock, waitOnClock } from '../../../../lib/clock';
import type { ImageOutput, ImageProvider, SubjectImage } from '../ports';

const WIDTH = 768;
/** The model the demo reports: its drawing, versioned in case the art ever changes. */
export const DEMO_IMAGE_MODEL = 'demo-art-1';
const HEIGHT = 1024;

/** 5×7 pixel glyphs, so the label needs no system font. */
const GLYPHS: Record<string, string[]> = {
  D: ['11110', '10001', '10001', '10001', '10001', '10001', '11110'],
  E: ['11111', '10000', '10000', '11110', '10000', '10000', '11111'],
  M: ['10001', '11011', '10101', '10101', '10001', '10001', '10001'],
  O: ['01110', '10001', '10001', '10001', '10001', '10001', '01110'],
};

function label(text: string, x: number, y: number, cell: number): string {
  let rects = '';
  [...text].forEach((char, index) => {
    GLYPHS[char]!.forEach((row, rowIndex) => {
      [...row].forEach((bit, col) => {
        if (bit === '1') {
          const left = x + index * 6 * cell + col * cell;
          rects += `<rect x="${left}" y="${y + rowIndex * cell}" width="${cell}" height="${cell}"/>`;
        }
      });
    });
  });
  return rects;
}

/** The seed the demo reports for a picture: the first 32 bits of the hash its art is drawn from. */
export function demoSeed(seed: string): number {
  return createHash('sha256').update(seed).digest().readUInt32BE(0);
}

/** The SVG of one demo picture; every shape and colour comes from the seed's hash. */
export function demoArtSvg(seed: string): string {
  const h = createHash('sha256').update(seed).digest();
  const hue = (i: number) => Math.round((h[i]! / 255) * 360);
  const at = (i: number, max: number) => Math.round((h[i]! / 255) * max);
  const blobs = [0, 1, 2, 3, 4]
    .map(
      (i) =>
        `<circle cx="${at(6 + i, WIDTH)}" cy="${at(11 + i, HEIGHT)}" r="${60 + at(16 + i, 180)}" ` +
        `fill="hsl(${hue(21 + i)} 80% 65%)" opacity="0.45"/>`,
    )
    .join('');
  const skin = `hsl(${20 + at(26, 20)} 45% ${45 + at(27, 35)}%)`;
  const outfit = `hsl(${hue(28)} 55% 40%)`;
  const hair = `hsl(${hue(29)} 50% ${15 + at(30, 40)}%)`;
  const bars = [0, 1, 2, 3, 4, 5, 6, 7]
    .map(
      (i) => `<rect x="${64 + i * 80}" y="944" width="72" height="24" rx="6" fill="hsl(${hue(i)} 70% 55%)"/>`,
    )
    .join('');
  // The DEMO label sits top centre: the gallery's type badge and delete button cover the corners.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="hsl(${hue(0)} 70% 30%)"/><stop offset="1" stop-color="hsl(${hue(1)} 75% 55%)"/>
</linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
${blobs}
<path d="M 144 1024 C 160 760 280 700 384 700 C 488 700 608 760 624 1024 Z" fill="${outfit}"/>
<rect x="344" y="600" width="80" height="120" rx="30" fill="${skin}"/>
<ellipse cx="384" cy="${470 + at(31, 20)}" rx="${130 + at(2, 20)}" ry="170" fill="${hair}"/>
<ellipse cx="384" cy="500" rx="112" ry="140" fill="${skin}"/>
<circle cx="342" cy="490" r="11" fill="#1b1b24"/><circle cx="426" cy="490" r="11" fill="#1b1b24"/>
<path d="M 344 570 Q 384 ${588 + at(3, 14)} 424 570" stroke="#7a2a3a" stroke-width="8" fill="none" stroke-linecap="round"/>
<rect x="32" y="32" width="${WIDTH - 64}" height="${HEIGHT - 64}" rx="24" fill="none" stroke="#ffffff" stroke-opacity="0.6" stroke-width="6"/>
<rect x="252" y="56" width="264" height="104" rx="16" fill="#000000" fill-opacity="0.6"/>
<g fill="#ffffff">${label('DEMO', 276, 72, 10)}</g>
${bars}
</svg>`;
}

/**
 * Offline image provider: real PNGs drawn on the server, plainly labelled DEMO. The same
 * prompt, subject and output index always give the same bytes.
 */
export class DemoImageProvider implements ImageProvider {
  readonly name = 'demo';

  /** `delayMs` (DEMO_DELAY_MS) makes each answer take that long, as a real provider would. */
  constructor(private readonly options: { delayMs: number; clock: Clock }) {}

  private async draw(seed: string): Promise<ImageOutput> {
    const data = await sharp(Buffer.from(demoArtSvg(seed)))
      .png({ compressionLevel: 6 })
      .toBuffer();
    return { kind: 'bytes', data, details: { model: DEMO_IMAGE_MODEL, seed: demoSeed(seed) } };
  }

  async generate(prompt: string, signal: AbortSignal): Promise<ImageOutput[]> {
    await waitOnClock(this.options.clock, this.options.delayMs, signal);
    return [await this.draw(`image\n${prompt}`)];
  }

  async generateCharacter(
    prompt: string,
    subject: SubjectImage,
    outputs: number,
    signal: AbortSignal,
  ): Promise<ImageOutput[]> {
    await waitOnClock(this.options.clock, this.options.delayMs, signal);
    return Promise.all(
      Array.from({ length: outputs }, (_, index) =>
        this.draw(`character\n${prompt}\n${subject.key}\n${index}`),
      ),
    );
  }
}
