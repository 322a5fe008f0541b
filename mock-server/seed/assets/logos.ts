// The seeded hotels' logos, favicons and guest-app images, painted in code (no binary files in
// the repository): the hotel's initials in white on a rounded square of its primary colour with
// an accent bar in its secondary colour, and a tall gradient with soft light for the app's
// opening screen. Deterministic: the same hotel always gives the same bytes.
import { mulberry32 } from '../random';
import { encodePng } from './png';

type Rgb = readonly [number, number, number];
type Point = readonly [number, number];

const WHITE: Rgb = [255, 255, 255];

const parseHex = (hex: string): Rgb => [
  parseInt(hex.slice(1, 3), 16),
  parseInt(hex.slice(3, 5), 16),
  parseInt(hex.slice(5, 7), 16),
];

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];

const clamp01 = (value: number) => (value <= 0 ? 0 : value >= 1 ? 1 : value);

/** Points along an ellipse, angles in degrees counter-clockwise with y pointing down. */
function arc(cx: number, cy: number, rx: number, ry: number, from: number, to: number): Point[] {
  const steps = 24;
  return Array.from({ length: steps + 1 }, (_, i) => {
    const angle = ((from + ((to - from) * i) / steps) * Math.PI) / 180;
    return [cx + rx * Math.cos(angle), cy - ry * Math.sin(angle)] as const;
  });
}

/** Letters as strokes in a box one unit high and `GLYPH_WIDTH` wide (what the demo hotels need). */
const GLYPH_WIDTH = 0.72;
const W = GLYPH_WIDTH;
const GLYPHS: Readonly<Record<string, readonly Point[][]>> = {
  A: [
    [
      [0, 1],
      [W / 2, 0],
      [W, 1],
    ],
    [
      [W * 0.2, 0.66],
      [W * 0.8, 0.66],
    ],
  ],
  C: [arc(W * 0.55, 0.5, W * 0.55, 0.5, 48, 312)],
  H: [
    [
      [0, 0],
      [0, 1],
    ],
    [
      [W, 0],
      [W, 1],
    ],
    [
      [0, 0.5],
      [W, 0.5],
    ],
  ],
  L: [
    [
      [0, 0],
      [0, 1],
      [W * 0.9, 1],
    ],
  ],
  S: [[...arc(W / 2, 0.25, W / 2, 0.25, 25, 270), ...arc(W / 2, 0.75, W / 2, 0.25, 90, -155)]],
};

function distanceToSegment(x: number, y: number, a: Point, b: Point): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : clamp01(((x - a[0]) * dx + (y - a[1]) * dy) / length);
  return Math.hypot(x - (a[0] + t * dx), y - (a[1] + t * dy));
}

/** A float RGB canvas that shapes blend into, with anti-aliased edges. */
class Canvas {
  readonly pixels: Float32Array;
  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.pixels = new Float32Array(width * height * 3);
    for (let i = 0; i < width * height; i++) this.pixels.set(background, i * 3);
  }

  blend(x: number, y: number, colour: Rgb, alpha: number): void {
    if (alpha <= 0) return;
    const at = (y * this.width + x) * 3;
    for (let c = 0; c < 3; c++) {
      this.pixels[at + c] = this.pixels[at + c]! * (1 - alpha) + colour[c]! * alpha;
    }
  }

  /** Paints each pixel with `shade(x, y)`: a colour and its coverage. */
  paint(shade: (x: number, y: number) => readonly [Rgb, number] | undefined): void {
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) {
        const result = shade(x + 0.5, y + 0.5);
        if (result) this.blend(x, y, result[0], result[1]);
      }
    }
  }

  png(): Buffer {
    const bytes = new Uint8Array(this.pixels.length);
    for (let i = 0; i < bytes.length; i++) bytes[i] = Math.round(this.pixels[i]!);
    return encodePng(this.width, this.height, bytes);
  }
}

/** Coverage of a rounded rectangle (pixel units) at a point, smooth across one pixel. */
function roundedRect(
  x: number,
  y: number,
  box: { x: number; y: number; w: number; h: number; r: number },
): number {
  const qx = Math.abs(x - (box.x + box.w / 2)) - (box.w / 2 - box.r);
  const qy = Math.abs(y - (box.y + box.h / 2)) - (box.h / 2 - box.r);
  const outside = Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0);
  return clamp01(0.5 - (outside - box.r));
}

/** The strokes of `initials` laid out centred on (cx, cy), `size` pixels high. */
function initialStrokes(initials: string, cx: number, cy: number, size: number): Point[][] {
  const gap = 0.44;
  const letters = [...initials.toUpperCase()];
  const width = letters.length * GLYPH_WIDTH + (letters.length - 1) * gap;
  const left = cx - (width * size) / 2;
  const top = cy - size / 2;
  return letters.flatMap((letter, index) => {
    const glyph = GLYPHS[letter];
    if (!glyph) throw new Error(`Logo seed: no glyph for "${letter}"`);
    const x0 = left + index * (GLYPH_WIDTH + gap) * size;
    return glyph.map((stroke) => stroke.map(([x, y]) => [x0 + x * size, top + y * size] as const));
  });
}

function strokeCoverage(x: number, y: number, strokes: Point[][], halfWidth: number): number {
  let nearest = Infinity;
  for (const stroke of strokes) {
    for (let i = 1; i < stroke.length; i++) {
      nearest = Math.min(nearest, distanceToSegment(x, y, stroke[i - 1]!, stroke[i]!));
    }
  }
  return clamp01(halfWidth - nearest + 0.5);
}

export interface LogoDesign {
  initials: string;
  primary: string;
  secondary: string;
}

/**
 * A square logo `size` pixels wide: a rounded square in the primary colour (lighter at the top
 * left), the initials in white and a short bar in the secondary colour under them.
 */
export function logoPng({ initials, primary, secondary }: LogoDesign, size: number): Buffer {
  const base = parseHex(primary);
  const accent = parseHex(secondary);
  const canvas = new Canvas(size, size, WHITE);
  const inset = size * 0.04;
  const box = { x: inset, y: inset, w: size - 2 * inset, h: size - 2 * inset, r: size * 0.22 };
  const light = mix(base, WHITE, 0.18);
  const dark = mix(base, [0, 0, 0], 0.18);
  canvas.paint((x, y) => {
    const coverage = roundedRect(x, y, box);
    return coverage > 0 ? [mix(light, dark, (x + y) / (2 * size)), coverage] : undefined;
  });
  const letterSize = size * 0.36;
  const strokes = initialStrokes(initials, size / 2, size * 0.45, letterSize);
  const half = Math.max(letterSize * 0.075, 1);
  canvas.paint((x, y) => [WHITE, strokeCoverage(x, y, strokes, half)]);
  const bar = { x: size * 0.36, y: size * 0.71, w: size * 0.28, h: size * 0.055, r: size * 0.0275 };
  canvas.paint((x, y) => [accent, roundedRect(x, y, bar)]);
  return canvas.png();
}

/**
 * The guest app's opening image (portrait): the primary colour deepening downwards, soft discs
 * of light in the secondary colour and a low sun, seeded by `seed`.
 */
export function appImagePng(
  { primary, secondary }: Omit<LogoDesign, 'initials'>,
  seed: number,
): Buffer {
  const width = 600;
  const height = 900;
  const top = mix(parseHex(primary), WHITE, 0.12);
  const bottom = mix(parseHex(primary), [0, 0, 0], 0.45);
  const accent = parseHex(secondary);
  const canvas = new Canvas(width, height, WHITE);
  canvas.paint((_x, y) => [mix(top, bottom, y / height), 1]);
  const random = mulberry32(seed);
  const discs = Array.from({ length: 14 }, () => ({
    x: random() * width,
    y: random() * height * 0.75,
    r: 20 + random() * 70,
    alpha: 0.08 + random() * 0.14,
  }));
  for (const disc of discs) {
    const reach = disc.r + 2;
    for (
      let y = Math.max(0, Math.floor(disc.y - reach));
      y < Math.min(height, disc.y + reach);
      y++
    ) {
      for (
        let x = Math.max(0, Math.floor(disc.x - reach));
        x < Math.min(width, disc.x + reach);
        x++
      ) {
        const d = Math.hypot(x + 0.5 - disc.x, y + 0.5 - disc.y);
        canvas.blend(x, y, accent, disc.alpha * clamp01(disc.r - d + 0.5));
      }
    }
  }
  // A low sun with a soft glow, then two hills in front of it.
  const sun = { x: width * 0.68, y: height * 0.7, r: width * 0.2 };
  canvas.paint((x, y) => {
    const d = Math.hypot(x - sun.x, y - sun.y);
    const glow = Math.max(0, 1 - (d - sun.r) / (sun.r * 1.4)) ** 2 * 0.35;
    const body = clamp01(sun.r - d + 0.5);
    return [accent, Math.max(glow, body * 0.92)];
  });
  const hill = (x: number, base: number, amp: number, freq: number, phase: number) =>
    height * base + Math.sin((x / width) * Math.PI * freq + phase) * height * amp;
  canvas.paint((x, y) => [bottom, clamp01(y - hill(x, 0.8, 0.025, 2.2, 0.6) + 0.5) * 0.85]);
  canvas.paint((x, y) => [
    mix(bottom, [0, 0, 0], 0.35),
    clamp01(y - hill(x, 0.88, 0.02, 3.1, 2) + 0.5),
  ]);
  return canvas.png();
}
