import { randomInt } from 'node:crypto';

/**
 * Captcha pictures drawn as strokes, not SVG <text>: a text element would hand the answer to any
 * script reading the markup. Glyphs are polylines on a 4 x 6 grid; each is scaled, rotated and
 * shifted at random, then crossed by noise curves. Look-alikes (0/O, 1/I, S/5, Z/2, B/8) are left out.
 */
type Stroke = readonly (readonly [number, number])[];
const P: Stroke = [
  [0, 6],
  [0, 0],
  [3, 0],
  [4, 1],
  [4, 2],
  [3, 3],
  [0, 3],
];
const GLYPHS: Record<string, readonly Stroke[]> = {
  '2': [
    [
      [0, 1],
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [0, 6],
      [4, 6],
    ],
  ],
  '3': [
    [
      [0, 0],
      [4, 0],
      [2, 2.5],
      [4, 3.5],
      [4, 5],
      [3, 6],
      [1, 6],
      [0, 5],
    ],
  ],
  '4': [
    [
      [3, 6],
      [3, 0],
      [0, 4],
      [4, 4],
    ],
  ],
  '6': [
    [
      [4, 0],
      [1, 0],
      [0, 2],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 4],
      [3, 3],
      [0, 3],
    ],
  ],
  '7': [
    [
      [0, 0],
      [4, 0],
      [1.5, 6],
    ],
  ],
  '9': [
    [
      [4, 3],
      [1, 3],
      [0, 2],
      [0, 1],
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 5],
      [3, 6],
      [0, 6],
    ],
  ],
  A: [
    [
      [0, 6],
      [2, 0],
      [4, 6],
    ],
    [
      [1, 3.5],
      [3, 3.5],
    ],
  ],
  C: [
    [
      [4, 0],
      [1, 0],
      [0, 1],
      [0, 5],
      [1, 6],
      [4, 6],
    ],
  ],
  E: [
    [
      [4, 0],
      [0, 0],
      [0, 6],
      [4, 6],
    ],
    [
      [0, 3],
      [3, 3],
    ],
  ],
  F: [
    [
      [4, 0],
      [0, 0],
      [0, 6],
    ],
    [
      [0, 3],
      [3, 3],
    ],
  ],
  H: [
    [
      [0, 0],
      [0, 6],
    ],
    [
      [4, 0],
      [4, 6],
    ],
    [
      [0, 3],
      [4, 3],
    ],
  ],
  K: [
    [
      [0, 0],
      [0, 6],
    ],
    [
      [4, 0],
      [0, 3.5],
    ],
    [
      [1.5, 2.5],
      [4, 6],
    ],
  ],
  L: [
    [
      [0, 0],
      [0, 6],
      [4, 6],
    ],
  ],
  M: [
    [
      [0, 6],
      [0, 0],
      [2, 3],
      [4, 0],
      [4, 6],
    ],
  ],
  N: [
    [
      [0, 6],
      [0, 0],
      [4, 6],
      [4, 0],
    ],
  ],
  P: [P],
  R: [
    P,
    [
      [2, 3],
      [4, 6],
    ],
  ],
  T: [
    [
      [0, 0],
      [4, 0],
    ],
    [
      [2, 0],
      [2, 6],
    ],
  ],
  U: [
    [
      [0, 0],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 0],
    ],
  ],
  X: [
    [
      [0, 0],
      [4, 6],
    ],
    [
      [4, 0],
      [0, 6],
    ],
  ],
  Y: [
    [
      [0, 0],
      [2, 3],
      [4, 0],
    ],
    [
      [2, 3],
      [2, 6],
    ],
  ],
};
export const CAPTCHA_ALPHABET = Object.keys(GLYPHS).join('');
export const CAPTCHA_LENGTH = 5;
const WIDTH = 150;
const HEIGHT = 50;

const pick = (min: number, max: number) => min + (randomInt(0, 10_000) / 10_000) * (max - min);
const color = () => `hsl(${randomInt(0, 360)},${randomInt(45, 75)}%,${randomInt(20, 40)}%)`;

export function newCaptchaAnswer(): string {
  let answer = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i++) answer += CAPTCHA_ALPHABET[randomInt(0, CAPTCHA_ALPHABET.length)];
  return answer;
}

function glyphPaths(ch: string, index: number): string {
  const scale = pick(4.4, 5.6);
  const angle = pick(-0.35, 0.35);
  const x0 = 12 + index * 26 + pick(-2, 2);
  const y0 = (HEIGHT - 6 * scale) / 2 + pick(-4, 4);
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const place = ([gx, gy]: readonly [number, number]) => {
    const [x, y] = [(gx - 2) * scale, (gy - 3) * scale];
    return `${(x0 + 2 * scale + x * cos - y * sin).toFixed(1)},${(y0 + 3 * scale + x * sin + y * cos).toFixed(1)}`;
  };
  const d = GLYPHS[ch]!.map((stroke) => `M${stroke.map(place).join('L')}`).join('');
  return `<path d="${d}" fill="none" stroke="${color()}" stroke-width="${pick(2.2, 3).toFixed(1)}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

function noise(): string {
  const curves: string[] = [];
  for (let i = 0; i < 4; i++) {
    const y = () => pick(5, HEIGHT - 5).toFixed(1);
    curves.push(
      `<path d="M0,${y()} C${pick(30, 60).toFixed(1)},${y()} ${pick(90, 120).toFixed(1)},${y()} ${WIDTH},${y()}" fill="none" stroke="${color()}" stroke-width="1.2" opacity="0.7"/>`,
    );
  }
  for (let i = 0; i < 30; i++) {
    curves.push(
      `<circle cx="${pick(0, WIDTH).toFixed(1)}" cy="${pick(0, HEIGHT).toFixed(1)}" r="1" fill="${color()}"/>`,
    );
  }
  return curves.join('');
}

/** The picture of an answer as an SVG document. */
export function drawCaptcha(answer: string): string {
  const glyphs = [...answer].map((ch, i) => glyphPaths(ch, i)).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}"><rect width="100%" height="100%" fill="#f4f6f8"/>${noise()}${glyphs}</svg>`;
}
