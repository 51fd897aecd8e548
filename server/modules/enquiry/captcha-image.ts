import { randomInt } from "node:crypto";

/**
 * A server-drawn image captcha (decision 14). Each character is drawn from our own stroke
 * font as SVG paths, with jittered points, its own rotation, skew and scale, and crossed by
 * noise curves and dots; the SVG holds no text, so the answer is not in the markup.
 * The alphabet leaves out look-alikes (0/O, 1/I/L, 2/Z, 5/S, 8/B, 6/G).
 */
export const CAPTCHA_ALPHABET = "ACEFHKMNPRTUVWXY3479";
export const CAPTCHA_LENGTH = 5;

type Stroke = [number, number][];
// Glyphs on a 6 × 10 grid, y down.
const GLYPHS: Record<string, Stroke[]> = {
  A: [
    [
      [0, 10],
      [3, 0],
      [6, 10],
    ],
    [
      [1, 6.5],
      [5, 6.5],
    ],
  ],
  C: [
    [
      [6, 1.5],
      [4.5, 0],
      [1.5, 0],
      [0, 1.5],
      [0, 8.5],
      [1.5, 10],
      [4.5, 10],
      [6, 8.5],
    ],
  ],
  E: [
    [
      [6, 0],
      [0, 0],
      [0, 10],
      [6, 10],
    ],
    [
      [0, 5],
      [4.5, 5],
    ],
  ],
  F: [
    [
      [6, 0],
      [0, 0],
      [0, 10],
    ],
    [
      [0, 5],
      [4.5, 5],
    ],
  ],
  H: [
    [
      [0, 0],
      [0, 10],
    ],
    [
      [6, 0],
      [6, 10],
    ],
    [
      [0, 5],
      [6, 5],
    ],
  ],
  K: [
    [
      [0, 0],
      [0, 10],
    ],
    [
      [6, 0],
      [0, 6.5],
    ],
    [
      [2, 4.5],
      [6, 10],
    ],
  ],
  M: [
    [
      [0, 10],
      [0, 0],
      [3, 6],
      [6, 0],
      [6, 10],
    ],
  ],
  N: [
    [
      [0, 10],
      [0, 0],
      [6, 10],
      [6, 0],
    ],
  ],
  P: [
    [
      [0, 10],
      [0, 0],
      [4.5, 0],
      [6, 1.5],
      [6, 3.5],
      [4.5, 5],
      [0, 5],
    ],
  ],
  R: [
    [
      [0, 10],
      [0, 0],
      [4.5, 0],
      [6, 1.5],
      [6, 3.5],
      [4.5, 5],
      [0, 5],
    ],
    [
      [3, 5],
      [6, 10],
    ],
  ],
  T: [
    [
      [0, 0],
      [6, 0],
    ],
    [
      [3, 0],
      [3, 10],
    ],
  ],
  U: [
    [
      [0, 0],
      [0, 8.5],
      [1.5, 10],
      [4.5, 10],
      [6, 8.5],
      [6, 0],
    ],
  ],
  V: [
    [
      [0, 0],
      [3, 10],
      [6, 0],
    ],
  ],
  W: [
    [
      [0, 0],
      [1.5, 10],
      [3, 4],
      [4.5, 10],
      [6, 0],
    ],
  ],
  X: [
    [
      [0, 0],
      [6, 10],
    ],
    [
      [6, 0],
      [0, 10],
    ],
  ],
  Y: [
    [
      [0, 0],
      [3, 5],
      [6, 0],
    ],
    [
      [3, 5],
      [3, 10],
    ],
  ],
  "3": [
    [
      [0, 0],
      [6, 0],
      [2.5, 4],
      [4.5, 4],
      [6, 5.5],
      [6, 8.5],
      [4.5, 10],
      [1, 10],
      [0, 9],
    ],
  ],
  "4": [
    [
      [4.5, 10],
      [4.5, 0],
      [0, 7],
      [6, 7],
    ],
  ],
  "7": [
    [
      [0, 0],
      [6, 0],
      [2, 10],
    ],
  ],
  "9": [
    [
      [6, 5],
      [1.5, 5],
      [0, 3.5],
      [0, 1.5],
      [1.5, 0],
      [4.5, 0],
      [6, 1.5],
      [6, 8.5],
      [4.5, 10],
      [1, 10],
    ],
  ],
};

/** A uniformly random answer from the CSPRNG. */
export function randomCaptchaAnswer(): string {
  let answer = "";
  for (let i = 0; i < CAPTCHA_LENGTH; i++) answer += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return answer;
}

const rand = (min: number, max: number) => min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);
const f = (n: number) => n.toFixed(1);
const colour = () => `hsl(${randomInt(0, 360)} ${randomInt(45, 80)}% ${randomInt(18, 32)}%)`;

export const CAPTCHA_WIDTH = 200;
export const CAPTCHA_HEIGHT = 64;

/** The SVG image of `answer`. */
export function drawCaptcha(answer: string): string {
  const W = CAPTCHA_WIDTH;
  const H = CAPTCHA_HEIGHT;
  const parts: string[] = [];
  // Background: soft blotches.
  for (let i = 0; i < 6; i++) {
    parts.push(
      `<ellipse cx="${f(rand(0, W))}" cy="${f(rand(0, H))}" rx="${f(rand(15, 45))}" ry="${f(rand(8, 22))}" fill="hsl(${randomInt(0, 360)} 60% 88%)"/>`,
    );
  }
  // Noise curves behind the glyphs.
  const curve = (width: number, opacity: number) =>
    `<path d="M${f(rand(-5, 20))} ${f(rand(5, H - 5))} C${f(rand(30, 80))} ${f(rand(-20, H + 20))} ${f(rand(110, 170))} ${f(rand(-20, H + 20))} ${f(rand(W - 20, W + 5))} ${f(rand(5, H - 5))}" fill="none" stroke="${colour()}" stroke-width="${f(width)}" stroke-opacity="${opacity}" stroke-linecap="round"/>`;
  for (let i = 0; i < 3; i++) parts.push(curve(rand(1, 2), 0.7));
  const cell = (W - 20) / answer.length;
  [...answer].forEach((ch, i) => {
    const glyph = GLYPHS[ch];
    if (!glyph) throw new Error("captcha character outside the alphabet");
    const scale = rand(3.4, 4.2);
    const cx = 10 + cell * i + cell / 2 + rand(-3, 3);
    const cy = H / 2 + rand(-5, 5);
    const d = glyph
      .map((stroke) =>
        stroke.map(([x, y], k) => `${k ? "L" : "M"}${f((x - 3 + rand(-0.35, 0.35)) * scale * 0.85)} ${f((y - 5 + rand(-0.35, 0.35)) * scale)}`).join(""),
      )
      .join("");
    parts.push(
      `<path transform="translate(${f(cx)} ${f(cy)}) rotate(${f(rand(-22, 22))}) skewX(${f(rand(-14, 14))}) scale(${f(rand(0.85, 1.1))} ${f(rand(0.8, 1))})" d="${d}" fill="none" stroke="${colour()}" stroke-width="${f(rand(2.6, 3.6))}" stroke-linecap="round" stroke-linejoin="round"/>`,
    );
  });
  // Noise in front: thin curves and dots.
  for (let i = 0; i < 2; i++) parts.push(curve(rand(0.8, 1.4), 0.8));
  for (let i = 0; i < 40; i++) parts.push(`<circle cx="${f(rand(0, W))}" cy="${f(rand(0, H))}" r="${f(rand(0.6, 1.6))}" fill="${colour()}"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><rect width="${W}" height="${H}" fill="#f8fafc"/>${parts.join("")}</svg>`;
}

export function captchaDataUri(answer: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(drawCaptcha(answer)).toString("base64")}`;
}
