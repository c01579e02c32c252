import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { type Clock, waitOnClock } from '../../../../lib/clock';
import type { AspectRatio } from '@baegen/shared/contract';
import type { ImageOutput, ImageProvider, ImageRunOptions, SubjectImage } from '../ports';
import { ALL_GENERATION_CAPABILITIES, sizeFor } from './image-shape';

const WIDTH = 768;
/** The model the demo reports: its drawing, versioned in case the art ever changes. */
export const DEMO_IMAGE_MODEL = 'demo-art-1';
const HEIGHT = 1024;
/** How many steps the demo's wait is reported in, as a diffusion model reports its steps. */
const WAIT_STEPS = 4;
/** The share of the bar the wait takes; drawing each picture fills the rest. */
const WAIT_SHARE = 80;

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

/**
 * The SVG of one demo picture at the aspect ratio asked for (portrait when none); every shape and
 * colour comes from the seed's hash. The background fills the frame and the figure, drawn on a
 * 768×1024 canvas, sits centred in it.
 */
export function demoArtSvg(seed: string, aspectRatio: AspectRatio = 'portrait'): string {
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
  const frame = sizeFor(aspectRatio, HEIGHT);
  const scale = Math.min(frame.width / WIDTH, frame.height / HEIGHT);
  const dx = (frame.width - WIDTH * scale) / 2;
  const dy = (frame.height - HEIGHT * scale) / 2;
  // The DEMO label sits top centre: the gallery's type badge and delete button cover the corners.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${frame.width}" height="${frame.height}" viewBox="0 0 ${frame.width} ${frame.height}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="hsl(${hue(0)} 70% 30%)"/><stop offset="1" stop-color="hsl(${hue(1)} 75% 55%)"/>
</linearGradient></defs>
<rect width="${frame.width}" height="${frame.height}" fill="url(#bg)"/>
<g transform="translate(${dx} ${dy}) scale(${scale})">
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
</g>
</svg>`;
}

/**
 * Offline image provider: real PNGs drawn on the server, plainly labelled DEMO. The same
 * prompt, subject and output index always give the same bytes.
 */
export class DemoImageProvider implements ImageProvider {
  readonly name = 'demo';
  readonly capabilities = ALL_GENERATION_CAPABILITIES;

  /** `delayMs` (DEMO_DELAY_MS) makes each answer take that long, as a real provider would. */
  constructor(private readonly options: { delayMs: number; clock: Clock }) {}

  private async draw(seed: string, aspectRatio: AspectRatio | undefined): Promise<ImageOutput> {
    const data = await sharp(Buffer.from(demoArtSvg(seed, aspectRatio)))
      .png({ compressionLevel: 6 })
      .toBuffer();
    return { kind: 'bytes', data, details: { model: DEMO_IMAGE_MODEL, seed: demoSeed(seed) } };
  }

  /**
   * Waits in steps and draws each picture, reporting after each: the bar moves as the work does.
   * The seeds of the first picture are those the demo always drew, so earlier outputs still match.
   */
  private async run(seeds: string[], run: ImageRunOptions, signal: AbortSignal): Promise<ImageOutput[]> {
    const { delayMs, clock } = this.options;
    const step = delayMs / WAIT_STEPS;
    for (let done = 1; done <= WAIT_STEPS; done += 1) {
      await waitOnClock(clock, step, signal);
      const left = (delayMs - done * step) / 1000;
      run.onProgress?.(Math.round((done / WAIT_STEPS) * WAIT_SHARE), Math.ceil(left) || null);
    }
    const outputs: ImageOutput[] = [];
    for (const seed of seeds) {
      signal.throwIfAborted();
      outputs.push(await this.draw(seed, run.aspectRatio));
      run.onProgress?.(WAIT_SHARE + Math.round(((100 - WAIT_SHARE) * outputs.length) / seeds.length), null);
    }
    return outputs;
  }

  /** The aspect ratio and negative prompt join the seed when asked for, so they change the art. */
  private static seedSuffix(run: ImageRunOptions): string {
    return [run.aspectRatio, run.negativePrompt].filter(Boolean).join('\n');
  }

  generate(prompt: string, signal: AbortSignal, request: ImageRunOptions & { outputs?: number } = {}) {
    const suffix = DemoImageProvider.seedSuffix(request);
    const seeds = Array.from({ length: request.outputs ?? 1 }, (_, index) =>
      [`image\n${prompt}`, index > 0 ? String(index) : '', suffix].filter(Boolean).join('\n'),
    );
    return this.run(seeds, request, signal);
  }

  generateCharacter(
    prompt: string,
    subject: SubjectImage,
    outputs: number,
    signal: AbortSignal,
    run: ImageRunOptions = {},
  ): Promise<ImageOutput[]> {
    const suffix = DemoImageProvider.seedSuffix(run);
    const seeds = Array.from({ length: outputs }, (_, index) =>
      [`character\n${prompt}\n${subject.key}\n${index}`, suffix].filter(Boolean).join('\n'),
    );
    return this.run(seeds, run, signal);
  }
}
