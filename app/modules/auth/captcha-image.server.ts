// Draws a captcha code as an SVG on the server: each digit is a jittered stroke path (no <text>, so the code is not in
// the markup as characters), turned, scaled and shifted at random, over noise curves and dots. Nothing in it runs
// or loads anything, so it is served with a CSP of default-src 'none'.

// The digits as strokes on a 10 x 16 grid (x right, y down).
const STROKES: Record<string, number[][][]> = {
  "0": [
    [
      [5, 0],
      [9, 2],
      [10, 8],
      [9, 14],
      [5, 16],
      [1, 14],
      [0, 8],
      [1, 2],
      [5, 0],
    ],
  ],
  "1": [
    [
      [2, 4],
      [6, 0],
      [6, 16],
    ],
    [
      [2, 16],
      [10, 16],
    ],
  ],
  "2": [
    [
      [0, 3],
      [3, 0],
      [8, 0],
      [10, 3],
      [10, 6],
      [0, 16],
      [10, 16],
    ],
  ],
  "3": [
    [
      [0, 0],
      [10, 0],
      [5, 7],
      [9, 9],
      [10, 12],
      [8, 16],
      [2, 16],
      [0, 14],
    ],
  ],
  "4": [
    [
      [8, 16],
      [8, 0],
      [0, 11],
      [10, 11],
    ],
  ],
  "5": [
    [
      [10, 0],
      [1, 0],
      [0, 7],
      [7, 6],
      [10, 9],
      [10, 13],
      [7, 16],
      [0, 16],
    ],
  ],
  "6": [
    [
      [9, 0],
      [3, 2],
      [0, 8],
      [0, 14],
      [3, 16],
      [8, 16],
      [10, 13],
      [10, 10],
      [7, 8],
      [3, 8],
      [0, 10],
    ],
  ],
  "7": [
    [
      [0, 0],
      [10, 0],
      [4, 16],
    ],
    [
      [3, 8],
      [8, 8],
    ],
  ],
  "8": [
    [
      [5, 8],
      [1, 6],
      [1, 2],
      [4, 0],
      [7, 0],
      [9, 2],
      [9, 6],
      [5, 8],
      [0, 11],
      [0, 14],
      [3, 16],
      [7, 16],
      [10, 14],
      [10, 11],
      [5, 8],
    ],
  ],
  "9": [
    [
      [10, 6],
      [7, 8],
      [3, 8],
      [0, 6],
      [0, 2],
      [3, 0],
      [7, 0],
      [10, 2],
      [10, 8],
      [7, 14],
      [1, 16],
    ],
  ],
};

export const CAPTCHA_WIDTH = 160;
export const CAPTCHA_HEIGHT = 60;

const between = (min: number, max: number) => min + Math.random() * (max - min);
const round = (n: number) => Math.round(n * 10) / 10;
const darkColour = () => `hsl(${Math.floor(between(0, 360))} 70% ${Math.floor(between(22, 38))}%)`;
const lightColour = () => `hsl(${Math.floor(between(0, 360))} 60% ${Math.floor(between(55, 75))}%)`;

function digitPaths(digit: string, index: number): string {
  const strokes = STROKES[digit];
  if (!strokes) throw new Error("captcha codes are digits");
  const scale = between(2.3, 2.8);
  const angle = (between(-20, 20) * Math.PI) / 180;
  const [cx, cy] = [22 + index * 37 + between(-4, 4), CAPTCHA_HEIGHT / 2 + between(-4, 4)];
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const skew = between(-0.25, 0.25);
  const place = ([x, y]: number[]) => {
    const dx = (x! - 5 + skew * (y! - 8) + between(-0.5, 0.5)) * scale;
    const dy = (y! - 8 + between(-0.5, 0.5)) * scale * 0.95;
    return `${round(cx + dx * cos - dy * sin)} ${round(cy + dx * sin + dy * cos)}`;
  };
  const d = strokes.map((stroke) => `M${stroke.map(place).join("L")}`).join("");
  return `<path d="${d}" fill="none" stroke="${darkColour()}" stroke-width="${round(between(2.6, 3.6))}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

function noiseCurve(dark: boolean): string {
  const y = () => round(between(5, CAPTCHA_HEIGHT - 5));
  const d = `M0 ${y()}C${round(between(30, 70))} ${y()} ${round(between(90, 130))} ${y()} ${CAPTCHA_WIDTH} ${y()}`;
  return `<path d="${d}" fill="none" stroke="${dark ? darkColour() : lightColour()}" stroke-width="${round(between(1, dark ? 2 : 3))}"/>`;
}

function noiseDot(): string {
  return `<circle cx="${round(between(0, CAPTCHA_WIDTH))}" cy="${round(between(0, CAPTCHA_HEIGHT))}" r="${round(between(0.6, 1.8))}" fill="${darkColour()}"/>`;
}

/** The image of `code` (digits only): a new drawing on every call. */
export function captchaSvg(code: string): string {
  const parts = [
    `<rect width="100%" height="100%" fill="hsl(${Math.floor(between(0, 360))} 40% 94%)"/>`,
    ...Array.from({ length: 3 }, () => noiseCurve(false)),
    ...[...code].map(digitPaths),
    ...Array.from({ length: 2 }, () => noiseCurve(true)),
    ...Array.from({ length: 40 }, noiseDot),
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}" viewBox="0 0 ${CAPTCHA_WIDTH} ${CAPTCHA_HEIGHT}" role="img">${parts.join("")}</svg>`;
}
