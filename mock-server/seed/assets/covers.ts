// Cover images of the seeded content pages, painted in code (no network, no binary files in the
// repository): a soft two-colour gradient with a few shapes per theme — a sunrise for the welcome
// page, ripples for the spa, a street grid for the map — encoded as PNG. Deterministic: the same
// theme always gives the same bytes.
import { mulberry32 } from '../random';
import { encodePng } from './png';

export const COVER_WIDTH = 1000;
export const COVER_HEIGHT = 500;

type Rgb = readonly [number, number, number];

/** One shape drawn over the gradient; coordinates in cover heights (the width is 2). */
type Layer =
  | { kind: 'disc'; cx: number; cy: number; r: number; blur?: number }
  | { kind: 'wave'; y: number; amp: number; freq: number; phase?: number }
  | { kind: 'stripes'; period: number; width: number; slant: number }
  | { kind: 'rings'; cx: number; cy: number; period: number; width: number; maxR: number }
  | { kind: 'grid'; period: number; width: number }
  | { kind: 'steps'; count: number; from: number; to: number }
  | { kind: 'skyline'; seed: number; block: number; low: number; high: number }
  | { kind: 'bokeh'; count: number; seed: number; rMin: number; rMax: number };

interface Theme {
  top: string;
  bottom: string;
  layers: { layer: Layer; color: string; opacity: number }[];
}

const WHITE = '#ffffff';

/** The cover themes, by the kind of page they illustrate. */
const THEMES = {
  // A sun rising over canal-house roofs.
  welcome: {
    top: '#f6d365',
    bottom: '#fda085',
    layers: [
      {
        layer: { kind: 'disc', cx: 1.35, cy: 0.58, r: 0.2, blur: 0.05 },
        color: '#fff4d6',
        opacity: 0.9,
      },
      {
        layer: { kind: 'bokeh', count: 9, seed: 11, rMin: 0.03, rMax: 0.09 },
        color: WHITE,
        opacity: 0.25,
      },
      { layer: { kind: 'wave', y: 0.74, amp: 0.035, freq: 3.1 }, color: '#c0587e', opacity: 0.55 },
      {
        layer: { kind: 'wave', y: 0.84, amp: 0.025, freq: 5.3, phase: 1 },
        color: '#6a3062',
        opacity: 0.7,
      },
    ],
  },
  // Morning light, a plate and the warm table.
  breakfast: {
    top: '#fff1c9',
    bottom: '#f7b267',
    layers: [
      {
        layer: { kind: 'disc', cx: 1.0, cy: 0.52, r: 0.33, blur: 0.01 },
        color: WHITE,
        opacity: 0.85,
      },
      {
        layer: { kind: 'disc', cx: 1.0, cy: 0.52, r: 0.22, blur: 0.01 },
        color: '#fde4b8',
        opacity: 0.9,
      },
      {
        layer: { kind: 'disc', cx: 0.96, cy: 0.49, r: 0.08, blur: 0.008 },
        color: '#f4a259',
        opacity: 0.95,
      },
      {
        layer: { kind: 'bokeh', count: 12, seed: 23, rMin: 0.015, rMax: 0.05 },
        color: '#f79d65',
        opacity: 0.35,
      },
    ],
  },
  // Candlelight over a dark dining room.
  dining: {
    top: '#3a1c32',
    bottom: '#7b2d26',
    layers: [
      {
        layer: { kind: 'bokeh', count: 18, seed: 37, rMin: 0.02, rMax: 0.1 },
        color: '#ffc872',
        opacity: 0.35,
      },
      {
        layer: { kind: 'stripes', period: 0.16, width: 0.02, slant: 0.6 },
        color: WHITE,
        opacity: 0.05,
      },
      { layer: { kind: 'wave', y: 0.86, amp: 0.01, freq: 1.5 }, color: '#1c0f1a', opacity: 0.7 },
    ],
  },
  // Still water with ripples.
  spa: {
    top: '#d4f1f4',
    bottom: '#3fa7b5',
    layers: [
      {
        layer: { kind: 'rings', cx: 1.25, cy: 0.55, period: 0.09, width: 0.012, maxR: 0.7 },
        color: WHITE,
        opacity: 0.45,
      },
      {
        layer: { kind: 'rings', cx: 0.45, cy: 0.35, period: 0.07, width: 0.008, maxR: 0.35 },
        color: WHITE,
        opacity: 0.3,
      },
      { layer: { kind: 'wave', y: 0.88, amp: 0.02, freq: 4 }, color: '#1d6f7a', opacity: 0.5 },
    ],
  },
  // A street map with a pin.
  map: {
    top: '#e8f0e3',
    bottom: '#cfe1c6',
    layers: [
      { layer: { kind: 'grid', period: 0.12, width: 0.012 }, color: WHITE, opacity: 0.9 },
      {
        layer: { kind: 'wave', y: 0.45, amp: 0.08, freq: 2.2, phase: 0.4 },
        color: '#9cc5e6',
        opacity: 0.35,
      },
      {
        layer: { kind: 'disc', cx: 1.05, cy: 0.42, r: 0.07, blur: 0.005 },
        color: '#e4572e',
        opacity: 0.95,
      },
      {
        layer: { kind: 'disc', cx: 1.05, cy: 0.42, r: 0.025, blur: 0.004 },
        color: WHITE,
        opacity: 1,
      },
    ],
  },
  // Quiet linen stripes.
  rules: {
    top: '#e9edf5',
    bottom: '#b8c4dc',
    layers: [
      {
        layer: { kind: 'stripes', period: 0.1, width: 0.035, slant: 0 },
        color: WHITE,
        opacity: 0.35,
      },
      {
        layer: { kind: 'disc', cx: 1.55, cy: 0.3, r: 0.14, blur: 0.04 },
        color: '#7d8fb3',
        opacity: 0.35,
      },
    ],
  },
  // A moon over a night sky.
  night: {
    top: '#141e30',
    bottom: '#35577d',
    layers: [
      {
        layer: { kind: 'bokeh', count: 40, seed: 53, rMin: 0.003, rMax: 0.008 },
        color: WHITE,
        opacity: 0.8,
      },
      {
        layer: { kind: 'disc', cx: 1.5, cy: 0.28, r: 0.11, blur: 0.02 },
        color: '#f5f3ce',
        opacity: 0.95,
      },
      {
        layer: { kind: 'disc', cx: 1.55, cy: 0.25, r: 0.1, blur: 0.015 },
        color: '#1c2a44',
        opacity: 0.9,
      },
      { layer: { kind: 'wave', y: 0.85, amp: 0.03, freq: 2.5 }, color: '#0b1220', opacity: 0.85 },
    ],
  },
  // Green leaves and fresh air.
  leaf: {
    top: '#d8f3dc',
    bottom: '#74c69d',
    layers: [
      {
        layer: { kind: 'bokeh', count: 14, seed: 71, rMin: 0.04, rMax: 0.14 },
        color: '#2d6a4f',
        opacity: 0.25,
      },
      {
        layer: { kind: 'stripes', period: 0.2, width: 0.01, slant: -0.8 },
        color: WHITE,
        opacity: 0.3,
      },
    ],
  },
  // Steep canal-house stairs.
  stairs: {
    top: '#f1e3d3',
    bottom: '#c9a27e',
    layers: [
      { layer: { kind: 'steps', count: 7, from: 0.35, to: 1.9 }, color: '#7f5539', opacity: 0.8 },
      {
        layer: { kind: 'stripes', period: 0.05, width: 0.006, slant: 0 },
        color: WHITE,
        opacity: 0.12,
      },
    ],
  },
  // Two wheels on a canal bank.
  bikes: {
    top: '#cde7f0',
    bottom: '#8ecae6',
    layers: [
      {
        layer: { kind: 'rings', cx: 0.75, cy: 0.66, period: 0.17, width: 0.022, maxR: 0.18 },
        color: '#023047',
        opacity: 0.85,
      },
      {
        layer: { kind: 'rings', cx: 1.3, cy: 0.66, period: 0.17, width: 0.022, maxR: 0.18 },
        color: '#023047',
        opacity: 0.85,
      },
      { layer: { kind: 'wave', y: 0.84, amp: 0.012, freq: 6 }, color: '#219ebc', opacity: 0.6 },
    ],
  },
  // A rooftop at sunset.
  terrace: {
    top: '#ff9a8b',
    bottom: '#ff6a88',
    layers: [
      {
        layer: { kind: 'disc', cx: 0.55, cy: 0.7, r: 0.26, blur: 0.06 },
        color: '#ffe29f',
        opacity: 0.85,
      },
      {
        layer: { kind: 'skyline', seed: 5, block: 0.09, low: 0.66, high: 0.82 },
        color: '#5f0f40',
        opacity: 0.75,
      },
      {
        layer: { kind: 'bokeh', count: 10, seed: 97, rMin: 0.01, rMax: 0.03 },
        color: WHITE,
        opacity: 0.4,
      },
    ],
  },
  // Signal arcs.
  wifi: {
    top: '#e0c3fc',
    bottom: '#8ec5fc',
    layers: [
      {
        layer: { kind: 'rings', cx: 1.0, cy: 0.82, period: 0.16, width: 0.035, maxR: 0.62 },
        color: WHITE,
        opacity: 0.6,
      },
      {
        layer: { kind: 'disc', cx: 1.0, cy: 0.82, r: 0.05, blur: 0.004 },
        color: WHITE,
        opacity: 0.9,
      },
    ],
  },
  // The way home: a horizon and a road.
  departure: {
    top: '#a1c4fd',
    bottom: '#c2e9fb',
    layers: [
      {
        layer: { kind: 'disc', cx: 1.7, cy: 0.22, r: 0.09, blur: 0.03 },
        color: '#fff6c9',
        opacity: 0.9,
      },
      {
        layer: { kind: 'wave', y: 0.7, amp: 0.05, freq: 1.7, phase: 2 },
        color: '#6b9080',
        opacity: 0.6,
      },
      { layer: { kind: 'wave', y: 0.8, amp: 0.03, freq: 2.9 }, color: '#3d5a50', opacity: 0.75 },
    ],
  },
} as const satisfies Record<string, Theme>;

export type CoverTheme = keyof typeof THEMES;
export const COVER_THEMES = Object.keys(THEMES) as CoverTheme[];

const parseHex = (hex: string): Rgb => [
  parseInt(hex.slice(1, 3), 16),
  parseInt(hex.slice(3, 5), 16),
  parseInt(hex.slice(5, 7), 16),
];

/** 0 outside, 1 inside, a smooth ramp of `soft` across the edge at distance 0. */
function edge(distance: number, soft: number): number {
  const t = 0.5 - distance / soft;
  return t <= 0 ? 0 : t >= 1 ? 1 : t * t * (3 - 2 * t);
}

const hypot = (dx: number, dy: number) => Math.sqrt(dx * dx + dy * dy);

/** Distance to the nearest line of a repeating pattern of `period`. */
const toNearestLine = (position: number, period: number) =>
  Math.abs(position / period - Math.round(position / period)) * period;

/**
 * A canvas of floating-point RGB: shapes blend into it one after the other, each only over the
 * pixels it can reach (a disc its bounding box, a wave the rows below its crest), which keeps
 * the seed fast.
 */
class Canvas {
  readonly pixels: Float32Array;
  /** One pixel, in cover heights. */
  readonly px: number;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Float32Array(width * height * 3);
    this.px = 1 / height;
  }

  /** A gradient from the top left to the bottom right. */
  gradient(top: Rgb, bottom: Rgb): void {
    const { width, height, pixels } = this;
    for (let y = 0; y < height; y++) {
      const v = (y + 0.5) / height;
      for (let x = 0; x < width; x++) {
        const t = Math.min(1, Math.max(0, v * 0.8 + ((x + 0.5) / width) * 0.2));
        const at = (y * width + x) * 3;
        pixels[at] = top[0] + (bottom[0] - top[0]) * t;
        pixels[at + 1] = top[1] + (bottom[1] - top[1]) * t;
        pixels[at + 2] = top[2] + (bottom[2] - top[2]) * t;
      }
    }
  }

  /** Calls `alpha(u, v)` for every pixel of a box (in cover heights) and blends the answer. */
  region(
    box: { left: number; top: number; right: number; bottom: number },
    color: Rgb,
    opacity: number,
    alpha: (u: number, v: number) => number,
  ): void {
    const { width, height } = this;
    const x0 = Math.max(0, Math.floor(box.left * height));
    const x1 = Math.min(width, Math.ceil(box.right * height));
    const y0 = Math.max(0, Math.floor(box.top * height));
    const y1 = Math.min(height, Math.ceil(box.bottom * height));
    const { pixels } = this;
    const [red, green, blue] = color;
    for (let y = y0; y < y1; y++) {
      const v = (y + 0.5) / height;
      for (let x = x0; x < x1; x++) {
        const a = alpha((x + 0.5) / height, v) * opacity;
        if (a <= 0) continue;
        const at = (y * width + x) * 3;
        pixels[at] += (red - pixels[at]!) * a;
        pixels[at + 1] += (green - pixels[at + 1]!) * a;
        pixels[at + 2] += (blue - pixels[at + 2]!) * a;
      }
    }
  }

  disc(cx: number, cy: number, r: number, soft: number, color: Rgb, opacity: number): void {
    const reach = r + soft;
    this.region(
      { left: cx - reach, top: cy - reach, right: cx + reach, bottom: cy + reach },
      color,
      opacity,
      (u, v) => edge(hypot(u - cx, v - cy) - r, soft),
    );
  }

  draw(layer: Layer, color: Rgb, opacity: number): void {
    const soft = this.px * 1.5;
    const whole = { left: 0, top: 0, right: 2, bottom: 1 };
    switch (layer.kind) {
      case 'disc':
        this.disc(layer.cx, layer.cy, layer.r, layer.blur ?? soft, color, opacity);
        return;
      case 'bokeh': {
        const random = mulberry32(layer.seed);
        for (let i = 0; i < layer.count; i++) {
          const [cx, cy] = [random() * 2, random()];
          const r = layer.rMin + random() * (layer.rMax - layer.rMin);
          const weight = 0.4 + random() * 0.6;
          this.disc(cx, cy, r, r * 0.25, color, opacity * weight);
        }
        return;
      }
      case 'wave': {
        const { y, amp, freq, phase = 0 } = layer;
        // The crest depends on the column only: computed once per column.
        const crest = new Float32Array(this.width);
        for (let x = 0; x < this.width; x++) {
          crest[x] = y + amp * Math.sin(((x + 0.5) / this.height) * freq + phase);
        }
        this.region({ ...whole, top: y - amp - soft }, color, opacity, (u, v) =>
          edge(crest[Math.floor(u * this.height)]! - v, soft),
        );
        return;
      }
      case 'stripes':
        this.region(whole, color, opacity, (u, v) =>
          edge(toNearestLine(u + v * layer.slant, layer.period) - layer.width / 2, soft),
        );
        return;
      case 'grid':
        this.region(whole, color, opacity, (u, v) =>
          edge(
            Math.min(toNearestLine(u, layer.period), toNearestLine(v, layer.period)) -
              layer.width / 2,
            soft,
          ),
        );
        return;
      case 'rings': {
        const { cx, cy, period, width, maxR } = layer;
        const reach = maxR + width;
        const box = { left: cx - reach, top: cy - reach, right: cx + reach, bottom: cy + reach };
        this.region(box, color, opacity, (u, v) => {
          const r = hypot(u - cx, v - cy);
          // No dot in the centre, nothing beyond the outermost ring.
          if (r > reach || Math.round(r / period) === 0) return 0;
          return edge(toNearestLine(r, period) - width / 2, soft);
        });
        return;
      }
      case 'skyline': {
        // Rooftops: blocks of one width and random heights.
        const random = mulberry32(layer.seed);
        const tops = Array.from(
          { length: Math.ceil(2 / layer.block) + 1 },
          () => layer.low + random() * (layer.high - layer.low),
        );
        this.region({ ...whole, top: layer.low - soft }, color, opacity, (u, v) =>
          edge(tops[Math.floor(u / layer.block)]! - v, soft),
        );
        return;
      }
      case 'steps': {
        const { count, from, to } = layer;
        this.region({ ...whole, left: from, right: to, top: 0.1 }, color, opacity, (u, v) => {
          const step = Math.floor(((u - from) / (to - from)) * count);
          return edge(1 - ((step + 1) / (count + 1)) * 0.8 - v, soft);
        });
        return;
      }
    }
  }

  /** The pixels as bytes, with a gentle vignette. */
  bytes(): Uint8Array {
    const { width, height, pixels } = this;
    const out = new Uint8Array(width * height * 3);
    for (let y = 0; y < height; y++) {
      const dy = ((y + 0.5) / height - 0.5) * 2;
      for (let x = 0; x < width; x++) {
        const dx = ((x + 0.5) / width - 0.5) * 2;
        const shade = 1 - 0.06 * (dx * dx + dy * dy);
        const at = (y * width + x) * 3;
        out[at] = Math.round(pixels[at]! * shade);
        out[at + 1] = Math.round(pixels[at + 1]! * shade);
        out[at + 2] = Math.round(pixels[at + 2]! * shade);
      }
    }
    return out;
  }
}

const painted = new Map<CoverTheme, Buffer>();

/** The PNG of a theme (painted once per process). */
export function coverPng(theme: CoverTheme): Buffer {
  let png = painted.get(theme);
  if (!png) {
    const { top, bottom, layers } = THEMES[theme] as Theme;
    const canvas = new Canvas(COVER_WIDTH, COVER_HEIGHT);
    canvas.gradient(parseHex(top), parseHex(bottom));
    for (const { layer, color, opacity } of layers) canvas.draw(layer, parseHex(color), opacity);
    png = encodePng(COVER_WIDTH, COVER_HEIGHT, canvas.bytes());
    painted.set(theme, png);
  }
  return png;
}
