import sharp from 'sharp';
import type { Motif } from './demo-data.js';

// Every demo item gets a picture made here, nothing downloaded. Each is a
// flat, friendly illustration: a pastel background in its category's colour, a toy drawn from simple
// shapes, colours picked from the toy's name, so two toys sharing a motif still look different.
// Shapes only, no <text>: a server without fonts would draw empty boxes.

export const IMAGE_SIZE = 1200;

const INK = '#4B3F5C';
const WHITE = '#FFFFFF';
const CREAM = '#FFF8EE';
const WOOD = '#E5BC86';
const WOOD_DARK = '#C48F55';
const SKIN = '#D9A27A';
const BLUSH = '#F49CA8';
// Toy colours: saturated enough to stand out on a pastel background, never neon.
const TOY_COLOURS = ['#F07C6C', '#F6C445', '#63B98A', '#5B9BD5', '#A685D8', '#EE8AB0', '#F59E4C', '#4FB9B0'];

// ——— colour and number helpers ———

function parseHex(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Blends `a` toward `b` by t (0 → a, 1 → b). */
export function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = parseHex(a);
  const [r2, g2, b2] = parseHex(b);
  const channel = (x: number, y: number) =>
    Math.round(x + (y - x) * t)
      .toString(16)
      .padStart(2, '0');
  return `#${channel(r1, r2)}${channel(g1, g2)}${channel(b1, b2)}`;
}
const lighter = (c: string, t = 0.3) => mix(c, WHITE, t);
const darker = (c: string, t = 0.2) => mix(c, '#2A1F33', t);

const f = (n: number) => (Math.round(n * 10) / 10).toString();

/** FNV-1a: a stable number from a name, so a toy's picture is the same on every install. */
function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: small seeded generator for the confetti and glitter. */
function seededRandom(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ——— drawing context and primitives (all motifs live in a 1000 × 1000 box, centred on 500,500) ———

interface Pen {
  /** The n-th toy colour for this item (cycles). */
  c(n: number): string;
  /** The category's colour, deepened enough to read as a toy part. */
  main: string;
  rnd: () => number;
  /** A document-unique id for clip paths (combos hold several drawings). */
  id(prefix: string): string;
}

const circle = (cx: number, cy: number, r: number, fill: string, extra = '') =>
  `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${fill}" ${extra}/>`;
const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = '') =>
  `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}" ${extra}/>`;
const rect = (x: number, y: number, w: number, h: number, rx: number, fill: string, extra = '') =>
  `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" rx="${f(rx)}" fill="${fill}" ${extra}/>`;
const path = (d: string, fill: string, extra = '') => `<path d="${d}" fill="${fill}" ${extra}/>`;
const stroke = (d: string, colour: string, width: number, extra = '') =>
  `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${f(width)}" ${extra.includes('stroke-linecap') ? '' : 'stroke-linecap="round" '}stroke-linejoin="round" ${extra}/>`;
const polygon = (points: ReadonlyArray<readonly [number, number]>, fill: string, extra = '') =>
  `<polygon points="${points.map(([x, y]) => `${f(x)},${f(y)}`).join(' ')}" fill="${fill}" ${extra}/>`;
const group = (transform: string, body: string) => `<g transform="${transform}">${body}</g>`;

function eyes(cx: number, cy: number, gap: number, r: number): string {
  return [-1, 1]
    .map(
      (side) =>
        circle(cx + side * gap, cy, r, INK) + circle(cx + side * gap + r * 0.35, cy - r * 0.35, r * 0.32, WHITE),
    )
    .join('');
}
const smile = (cx: number, cy: number, w: number, width = 10) =>
  stroke(`M${f(cx - w)},${f(cy)} Q${f(cx)},${f(cy + w * 0.8)} ${f(cx + w)},${f(cy)}`, INK, width);
const cheeks = (cx: number, cy: number, gap: number, r: number) =>
  circle(cx - gap, cy, r, BLUSH, 'opacity="0.55"') + circle(cx + gap, cy, r, BLUSH, 'opacity="0.55"');

function starPath(cx: number, cy: number, outer: number, inner: number, points = 5, rotation = -90): string {
  const parts: string[] = [];
  for (let i = 0; i < points * 2; i += 1) {
    const r = i % 2 === 0 ? outer : inner;
    const a = ((rotation + (i * 180) / points) * Math.PI) / 180;
    parts.push(`${i === 0 ? 'M' : 'L'}${f(cx + r * Math.cos(a))},${f(cy + r * Math.sin(a))}`);
  }
  return `${parts.join(' ')} Z`;
}
const star = (cx: number, cy: number, outer: number, fill: string, extra = '') =>
  path(
    starPath(cx, cy, outer, outer * 0.48),
    fill,
    `stroke="${fill}" stroke-width="${f(outer * 0.18)}" stroke-linejoin="round" ${extra}`,
  );
const sparkle = (cx: number, cy: number, r: number, fill: string) => path(starPath(cx, cy, r, r * 0.28, 4, 0), fill);

/** A small white symbol for block faces and sorter pieces. */
function symbol(kind: number, cx: number, cy: number, s: number, fill: string): string {
  switch (kind % 4) {
    case 0:
      return circle(cx, cy, s * 0.5, fill);
    case 1:
      return polygon(
        [
          [cx, cy - s * 0.55],
          [cx + s * 0.55, cy + s * 0.45],
          [cx - s * 0.55, cy + s * 0.45],
        ],
        fill,
        `stroke="${fill}" stroke-width="${f(s * 0.12)}" stroke-linejoin="round"`,
      );
    case 2:
      return star(cx, cy + s * 0.05, s * 0.55, fill);
    default:
      return path(
        `M${f(cx)},${f(cy + s * 0.5)} C${f(cx - s * 0.9)},${f(cy - s * 0.1)} ${f(cx - s * 0.35)},${f(cy - s * 0.75)} ${f(cx)},${f(cy - s * 0.25)} C${f(cx + s * 0.35)},${f(cy - s * 0.75)} ${f(cx + s * 0.9)},${f(cy - s * 0.1)} ${f(cx)},${f(cy + s * 0.5)} Z`,
        fill,
      );
  }
}

/** A cube seen from the front-right: front square at (x, y) of side s, top and side faces of depth d. */
function cube(x: number, y: number, s: number, colour: string, d = s * 0.28): string {
  return (
    polygon(
      [
        [x + s, y],
        [x + s + d, y - d],
        [x + s + d, y + s - d],
        [x + s, y + s],
      ],
      darker(colour, 0.22),
    ) +
    polygon(
      [
        [x, y],
        [x + d, y - d],
        [x + s + d, y - d],
        [x + s, y],
      ],
      lighter(colour, 0.3),
    ) +
    rect(x, y, s, s, s * 0.06, colour)
  );
}
/** A point on a cube's top (face 'top') or side (face 'side') face, u and v in 0..1. */
function onFace(
  face: 'top' | 'side',
  x: number,
  y: number,
  s: number,
  d: number,
  u: number,
  v: number,
): [number, number] {
  return face === 'top' ? [x + u * s + v * d, y - v * d] : [x + s + u * d, y + v * s - u * d];
}

/** One jigsaw piece at (x, y), side s; tabs top/right/bottom/left: 1 knob out, −1 knob in, 0 flat. */
function puzzlePiece(
  x: number,
  y: number,
  s: number,
  tabs: readonly [number, number, number, number],
  fill: string,
): string {
  const corners: Array<[number, number]> = [
    [x, y],
    [x + s, y],
    [x + s, y + s],
    [x, y + s],
  ];
  let d = `M${f(x)},${f(y)}`;
  corners.forEach((from, i) => {
    const to = corners[(i + 1) % 4]!;
    const ux = (to[0] - from[0]) / s;
    const uy = (to[1] - from[1]) / s;
    const tab = tabs[i]!;
    if (tab !== 0) {
      const a = [from[0] + ux * s * 0.38, from[1] + uy * s * 0.38];
      const b = [from[0] + ux * s * 0.62, from[1] + uy * s * 0.62];
      // Traversal is clockwise: sweep 1 bulges outward, sweep 0 inward.
      d += ` L${f(a[0]!)},${f(a[1]!)} A${f(s * 0.14)},${f(s * 0.14)} 0 1 ${tab > 0 ? 1 : 0} ${f(b[0]!)},${f(b[1]!)}`;
    }
    d += ` L${f(to[0])},${f(to[1])}`;
  });
  return path(`${d} Z`, fill, `stroke="${fill}" stroke-width="${f(s * 0.05)}" stroke-linejoin="round"`);
}

// ——— the motifs ———

const MOTIFS: Record<Motif, (p: Pen) => string> = {
  blocks: (p) =>
    [
      [215, 540, 0],
      [485, 540, 1],
      [350, 270, 2],
    ]
      .map(([x, y, i]) => cube(x!, y!, 250, p.c(i!)) + symbol(i! + 1, x! + 125, y! + 125, 120, WHITE))
      .join(''),

  tower: (p) => {
    const pink = mix('#F29BB5', p.c(5), 0.25);
    let y = 800;
    let out = '';
    for (const [i, s] of [300, 250, 200, 155, 110].entries()) {
      y -= s;
      out += cube(500 - s / 2 - s * 0.14, y, s, i % 2 === 0 ? pink : lighter(pink, 0.12));
    }
    return out;
  },

  ball: (p) => {
    const clip = p.id('ball');
    return (
      `<clipPath id="${clip}"><circle cx="500" cy="500" r="300"/></clipPath>` +
      group(
        'rotate(-24 500 500)',
        `<g clip-path="url(#${clip})">${rect(180, 180, 640, 640, 0, WHITE)}${ellipse(500, 500, 300, 310, p.c(0))}${ellipse(500, 500, 205, 310, WHITE)}${ellipse(500, 500, 120, 310, p.c(1))}${ellipse(500, 500, 40, 310, p.c(2))}</g>`,
      ) +
      ellipse(400, 370, 70, 40, WHITE, 'opacity="0.45" transform="rotate(-35 400 370)"')
    );
  },

  bear: (p) => {
    const fur = mix('#D39A5F', p.c(0), 0.18);
    const light = lighter(fur, 0.45);
    return (
      circle(330, 235, 82, fur) +
      circle(330, 235, 44, light) +
      circle(670, 235, 82, fur) +
      circle(670, 235, 44, light) +
      ellipse(290, 590, 70, 115, fur, 'transform="rotate(30 290 590)"') +
      ellipse(710, 590, 70, 115, fur, 'transform="rotate(-30 710 590)"') +
      ellipse(500, 640, 200, 200, fur) +
      ellipse(500, 670, 120, 120, light) +
      ellipse(385, 815, 88, 62, fur) +
      ellipse(385, 822, 50, 34, light) +
      ellipse(615, 815, 88, 62, fur) +
      ellipse(615, 822, 50, 34, light) +
      circle(500, 360, 195, fur) +
      ellipse(500, 420, 88, 66, light) +
      ellipse(500, 395, 34, 24, INK) +
      stroke('M500,418 L500,440 M470,450 Q500,470 530,450', INK, 9) +
      eyes(500, 335, 72, 19) +
      cheeks(500, 400, 120, 26) +
      // a bow tie in the item's colour
      polygon(
        [
          [500, 548],
          [430, 515],
          [430, 585],
        ],
        p.c(1),
      ) +
      polygon(
        [
          [500, 548],
          [570, 515],
          [570, 585],
        ],
        p.c(1),
      ) +
      circle(500, 548, 22, darker(p.c(1)))
    );
  },

  bunny: (p) => {
    const fur = mix('#FBF4EC', p.c(0), 0.08);
    const inner = mix(BLUSH, WHITE, 0.25);
    return (
      ellipse(420, 210, 60, 175, fur, 'transform="rotate(-10 420 330)"') +
      ellipse(420, 215, 28, 130, inner, 'transform="rotate(-10 420 330)"') +
      ellipse(580, 210, 60, 175, fur, 'transform="rotate(10 580 330)"') +
      ellipse(580, 215, 28, 130, inner, 'transform="rotate(10 580 330)"') +
      ellipse(500, 690, 175, 160, fur) +
      // the attachment blanket she holds
      path('M360,640 Q500,600 640,640 L690,800 Q500,850 310,800 Z', p.c(0)) +
      circle(420, 720, 12, WHITE, 'opacity="0.8"') +
      circle(500, 760, 12, WHITE, 'opacity="0.8"') +
      circle(580, 720, 12, WHITE, 'opacity="0.8"') +
      ellipse(400, 835, 70, 45, fur) +
      ellipse(600, 835, 70, 45, fur) +
      circle(500, 450, 165, fur) +
      eyes(500, 430, 62, 17) +
      cheeks(500, 490, 105, 24) +
      polygon(
        [
          [480, 475],
          [520, 475],
          [500, 498],
        ],
        BLUSH,
        `stroke="${BLUSH}" stroke-width="8" stroke-linejoin="round"`,
      ) +
      smile(500, 505, 22, 8)
    );
  },

  turtle: (p) => {
    const shell = mix('#6DBE8C', p.c(2), 0.2);
    const skin = lighter(shell, 0.45);
    return (
      ellipse(300, 700, 60, 80, skin) +
      ellipse(690, 700, 60, 80, skin) +
      polygon(
        [
          [205, 620],
          [150, 650],
          [215, 660],
        ],
        skin,
      ) +
      circle(800, 555, 95, skin) +
      eyes(815, 535, 34, 13) +
      smile(820, 585, 24, 7) +
      circle(855, 570, 16, BLUSH, 'opacity="0.55"') +
      path('M215,640 A285,300 0 0 1 785,640 Z', shell) +
      [
        [500, 440, 70],
        [370, 530, 52],
        [630, 530, 52],
        [440, 580, 38],
        [560, 580, 38],
        [500, 340, 38],
      ]
        .map(([x, y, r]) => circle(x!, y!, r!, darker(shell, 0.15)))
        .join('') +
      rect(195, 620, 610, 50, 25, darker(shell, 0.25))
    );
  },

  macaw: () => {
    const red = '#E0463E';
    return (
      rect(180, 760, 640, 46, 23, WOOD_DARK) +
      polygon(
        [
          [470, 640],
          [430, 930],
          [500, 930],
          [520, 650],
        ],
        red,
      ) +
      polygon(
        [
          [500, 640],
          [500, 940],
          [560, 920],
          [540, 650],
        ],
        '#3F7FD1',
      ) +
      ellipse(500, 560, 150, 225, red, 'transform="rotate(12 500 560)"') +
      path('M430,470 Q360,600 420,760 Q520,720 560,560 Z', '#F6C445') +
      path('M420,560 Q370,660 425,780 Q500,740 520,620 Z', '#48A36B') +
      path('M425,650 Q395,720 432,800 Q480,770 495,700 Z', '#3F7FD1') +
      circle(540, 300, 125, red) +
      ellipse(575, 290, 48, 55, '#F7EFE6') +
      circle(585, 285, 16, INK) +
      path('M630,300 Q720,300 700,400 Q670,350 620,350 Z', '#F2E7DA') +
      path('M620,350 Q660,360 670,395 Q630,395 610,370 Z', '#3A3A3A') +
      ellipse(430, 800, 30, 18, '#7A7A7A') +
      ellipse(560, 800, 30, 18, '#7A7A7A')
    );
  },

  dino: (p) => {
    const body = p.c(2);
    const spikes = p.c(1);
    return (
      [
        [300, 500],
        [380, 440],
        [470, 420],
        [560, 430],
      ]
        .map(([x, y]) =>
          polygon(
            [
              [x! - 40, y! + 40],
              [x!, y! - 40],
              [x! + 40, y! + 40],
            ],
            spikes,
            `stroke="${spikes}" stroke-width="16" stroke-linejoin="round"`,
          ),
        )
        .join('') +
      path('M420,520 Q160,560 120,760 Q260,700 380,700 Z', body) +
      rect(330, 640, 90, 180, 40, darker(body, 0.12)) +
      rect(560, 640, 90, 180, 40, darker(body, 0.12)) +
      ellipse(470, 620, 220, 165, body) +
      ellipse(470, 670, 130, 90, lighter(body, 0.4)) +
      path('M600,560 Q640,420 660,330 L760,360 Q720,480 690,600 Z', body) +
      ellipse(730, 320, 135, 105, body) +
      eyes(745, 295, 45, 15) +
      smile(760, 345, 35, 8) +
      cheeks(745, 340, 80, 18) +
      rect(310, 800, 130, 40, 20, darker(body, 0.2)) +
      rect(540, 800, 130, 40, 20, darker(body, 0.2))
    );
  },

  doll: (p) => {
    const hair = '#5A3A2A';
    const dress = p.c(0);
    return (
      rect(420, 700, 55, 140, 25, SKIN) +
      rect(525, 700, 55, 140, 25, SKIN) +
      ellipse(440, 840, 50, 26, INK) +
      ellipse(560, 840, 50, 26, INK) +
      stroke('M405,470 Q330,560 330,650', SKIN, 46) +
      stroke('M595,470 Q670,560 670,650', SKIN, 46) +
      path('M420,450 L580,450 Q640,600 690,740 Q500,790 310,740 Q360,600 420,450 Z', dress) +
      rect(400, 440, 200, 60, 30, darker(dress, 0.1)) +
      [
        [430, 600],
        [520, 580],
        [470, 680],
        [580, 690],
        [380, 700],
      ]
        .map(([x, y]) => circle(x!, y!, 14, WHITE, 'opacity="0.85"'))
        .join('') +
      // braids with bows
      [300, 700]
        .map(
          (x) =>
            circle(x, 340, 40, hair) + circle(x, 405, 34, hair) + circle(x, 462, 28, hair) + circle(x, 505, 20, p.c(1)),
        )
        .join('') +
      circle(500, 300, 145, hair) +
      circle(500, 325, 130, SKIN) +
      path('M370,300 Q420,180 500,190 Q580,180 630,300 Q560,240 500,250 Q440,240 370,300 Z', hair) +
      eyes(500, 330, 50, 15) +
      smile(500, 375, 28, 8) +
      cheeks(500, 365, 80, 20)
    );
  },

  dollchair: (p) =>
    // The doll standing beside her folded-open wheelchair.
    group('translate(-150 40) scale(0.92)', MOTIFS.doll(p)) +
    stroke('M610,420 L640,420 L660,640 L860,640', '#8A8F9C', 20) +
    stroke('M660,640 L700,800 M860,640 L880,800', '#8A8F9C', 14) +
    rect(650, 600, 230, 40, 16, p.c(3)) +
    rect(615, 430, 40, 190, 16, p.c(3)) +
    circle(700, 720, 130, 'none', `stroke="${INK}" stroke-width="22"`) +
    circle(700, 720, 96, 'none', `stroke="#BFC3CC" stroke-width="8"`) +
    stroke('M700,600 L700,840 M580,720 L820,720', '#BFC3CC', 8) +
    circle(700, 720, 22, p.c(1)) +
    circle(880, 815, 38, INK) +
    circle(880, 815, 14, '#BFC3CC'),

  puzzle: (p) =>
    puzzlePiece(215, 215, 290, [0, 1, -1, 0], p.c(0)) +
    puzzlePiece(505, 215, 290, [0, 0, 1, -1], p.c(1)) +
    group('rotate(-9 370 680) translate(-10 30)', puzzlePiece(215, 505, 290, [1, -1, 0, 0], p.c(2))),

  star: (p) =>
    star(500, 520, 320, p.c(1)) +
    eyes(500, 500, 62, 20) +
    smile(500, 565, 45, 11) +
    cheeks(500, 555, 110, 28) +
    sparkle(190, 260, 55, p.c(4)) +
    sparkle(830, 230, 40, p.c(0)) +
    sparkle(840, 760, 48, p.c(3)),

  rainbow: (p) =>
    [0, 1, 2, 3, 4, 5]
      .map((i) => {
        const r = 330 - i * 56;
        return stroke(`M${500 - r},770 A${r},${r} 0 0 1 ${500 + r},770`, p.c(i), 50, 'stroke-linecap="butt"');
      })
      .join('') + rect(150, 770, 700, 34, 17, darker(WOOD, 0.05)),

  cube: (p) => {
    const x = 260;
    const y = 350;
    const s = 400;
    const d = 120;
    let out = cube(x, y, s, p.c(3), d);
    for (let i = 0; i < 4; i += 1)
      for (let j = 0; j < 4; j += 1) out += circle(x + 70 + i * 87, y + 70 + j * 87, 24, lighter(p.c(3), 0.45));
    for (let i = 1; i < 6; i += 1) {
      const [ax, ay] = onFace('top', x, y, s, d, i / 6, 0.12);
      const [bx, by] = onFace('top', x, y, s, d, i / 6, 0.88);
      out += stroke(`M${f(ax)},${f(ay)} L${f(bx)},${f(by)}`, p.c(1), 12);
    }
    let zig = '';
    for (let k = 0; k <= 8; k += 1) {
      const [zx, zy] = onFace('side', x, y, s, d, k % 2 === 0 ? 0.25 : 0.75, 0.1 + k * 0.1);
      zig += `${k === 0 ? 'M' : 'L'}${f(zx)},${f(zy)} `;
    }
    return out + stroke(zig, p.c(0), 12) + circle(x + s / 2, y + s / 2, 46, WHITE, 'opacity="0.55"');
  },

  magiccube: (p) => {
    const x = 270;
    const y = 350;
    const s = 380;
    const d = 130;
    let out = cube(x, y, s, '#3B3348', d);
    const h = s / 2;
    for (let i = 0; i < 2; i += 1)
      for (let j = 0; j < 2; j += 1) out += rect(x + 14 + i * h, y + 14 + j * h, h - 28, h - 28, 22, p.c(i + j * 2));
    for (const face of ['top', 'side'] as const)
      for (let i = 0; i < 2; i += 1)
        for (let j = 0; j < 2; j += 1) {
          const pts = [
            [0.08, 0.1],
            [0.42, 0.1],
            [0.42, 0.9],
            [0.08, 0.9],
          ].map(([u, v]) =>
            face === 'top'
              ? onFace('top', x, y, s, d, (i + u! * 2) / 2, (j + (v! - 0.5) * 0.8 + 0.5) / 2)
              : onFace('side', x, y, s, d, (i + (u! - 0.25) * 1.6 + 0.5) / 2, (j + v!) / 2),
          );
          out += polygon(
            pts as Array<[number, number]>,
            face === 'top' ? lighter(p.c(4 + i + j), 0.2) : darker(p.c(6 + i + j), 0.15),
          );
        }
    return out;
  },

  dice: (p) => {
    const pips = (x: number, y: number, s: number, n: number) => {
      const at: Record<number, Array<[number, number]>> = {
        3: [
          [0.25, 0.25],
          [0.5, 0.5],
          [0.75, 0.75],
        ],
        5: [
          [0.25, 0.25],
          [0.75, 0.25],
          [0.5, 0.5],
          [0.25, 0.75],
          [0.75, 0.75],
        ],
      };
      return (at[n] ?? []).map(([u, v]) => circle(x + u * s, y + v * s, s * 0.09, WHITE)).join('');
    };
    return (
      cube(200, 470, 300, p.c(0)) +
      pips(200, 470, 300, 5) +
      group('rotate(12 660 560)', cube(540, 420, 250, p.c(3)) + pips(540, 420, 250, 3)) +
      // the snake of snakes-and-ladders, curled in front
      stroke('M170,860 C270,780 350,900 450,830 S640,860 700,820', p.c(2), 36) +
      circle(705, 816, 28, p.c(2)) +
      circle(714, 808, 6, INK)
    );
  },

  bottle: (p) => {
    const liquid = lighter(p.c(4), 0.35);
    let glitter = '';
    for (let i = 0; i < 38; i += 1) {
      const x = 395 + p.rnd() * 210;
      const y = 430 + p.rnd() * 350;
      glitter +=
        i % 3 === 0
          ? sparkle(x, y, 10 + p.rnd() * 12, [WHITE, p.c(1), p.c(5)][i % 3]!)
          : circle(x, y, 4 + p.rnd() * 7, [p.c(1), WHITE, p.c(5)][i % 3]!);
    }
    return (
      rect(430, 220, 140, 110, 20, lighter(p.c(4), 0.6)) +
      rect(410, 175, 180, 80, 24, p.c(0)) +
      rect(360, 300, 280, 540, 110, WHITE, 'opacity="0.55"') +
      path('M370,430 Q435,405 500,430 T630,430 L630,730 Q630,830 530,830 L470,830 Q370,830 370,730 Z', liquid) +
      glitter +
      rect(360, 300, 280, 540, 110, 'none', `stroke="${WHITE}" stroke-width="14"`) +
      rect(395, 360, 26, 300, 13, WHITE, 'opacity="0.6"')
    );
  },

  train: (p) => {
    const wheel = (x: number, y: number, r: number) =>
      circle(x, y, r, INK) + circle(x, y, r * 0.42, lighter(p.c(1), 0.4));
    return (
      circle(600, 255, 38, WHITE, 'opacity="0.8"') +
      circle(650, 200, 52, WHITE, 'opacity="0.7"') +
      circle(720, 150, 64, WHITE, 'opacity="0.6"') +
      rect(560, 290, 70, 140, 14, p.c(2)) +
      rect(545, 280, 100, 36, 14, darker(p.c(2), 0.15)) +
      rect(660, 320, 170, 160, 20, p.c(1)) +
      rect(645, 300, 200, 40, 18, darker(p.c(1), 0.2)) +
      rect(700, 355, 90, 70, 14, lighter(p.c(3), 0.5)) +
      rect(520, 430, 320, 210, 30, p.c(0)) +
      polygon(
        [
          [840, 560],
          [900, 640],
          [840, 640],
        ],
        darker(p.c(0), 0.2),
      ) +
      rect(150, 470, 300, 170, 26, p.c(3)) +
      symbol(0, 300, 555, 90, WHITE) +
      symbol(2, 620, 535, 80, WHITE) +
      rect(440, 580, 90, 24, 12, INK) +
      wheel(220, 660, 52) +
      wheel(380, 660, 52) +
      wheel(590, 660, 62) +
      wheel(760, 660, 62) +
      rect(110, 700, 800, 22, 11, WOOD_DARK, 'opacity="0.6"')
    );
  },

  crayons: (p) =>
    [-34, -17, 0, 17, 34]
      .map((angle, i) => {
        const c = p.c(i);
        return group(
          `rotate(${angle} 500 860)`,
          polygon(
            [
              [455, 300],
              [500, 195],
              [545, 300],
            ],
            darker(c, 0.1),
            `stroke="${darker(c, 0.1)}" stroke-width="14" stroke-linejoin="round"`,
          ) +
            rect(450, 290, 100, 480, 18, c) +
            rect(450, 380, 100, 150, 0, lighter(c, 0.55)) +
            rect(450, 410, 100, 18, 0, c) +
            rect(450, 482, 100, 18, 0, c),
        );
      })
      .join(''),

  paint: (p) =>
    path(
      'M500,260 C740,250 880,400 840,560 C810,680 680,640 640,720 C600,810 470,830 360,780 C200,700 170,520 250,400 C300,320 390,262 500,260 Z',
      WOOD,
    ) +
    ellipse(640, 610, 52, 42, lighter(WOOD, 0.6)) +
    [
      [380, 400, 0],
      [520, 350, 1],
      [660, 400, 2],
      [320, 540, 3],
      [440, 660, 4],
      [560, 700, 5],
    ]
      .map(([x, y, i]) => circle(x!, y!, 52, p.c(i!)) + circle(x! - 16, y! - 16, 12, WHITE, 'opacity="0.45"'))
      .join('') +
    group(
      'rotate(38 640 520)',
      rect(600, 130, 44, 430, 22, p.c(6)) +
        rect(596, 540, 52, 70, 10, '#BFC3CC') +
        path('M598,608 L646,608 Q650,690 622,740 Q594,690 598,608 Z', p.c(0)),
    ),

  kite: (p) => {
    const top: [number, number] = [500, 130];
    const right: [number, number] = [740, 400];
    const bottom: [number, number] = [500, 700];
    const left: [number, number] = [260, 400];
    const mid: [number, number] = [500, 400];
    const bows = [
      [470, 770],
      [530, 840],
      [470, 905],
    ]
      .map(
        ([x, y], i) =>
          polygon(
            [
              [x! - 40, y! - 25],
              [x!, y!],
              [x! - 40, y! + 25],
            ],
            p.c(i + 2),
          ) +
          polygon(
            [
              [x! + 40, y! - 25],
              [x!, y!],
              [x! + 40, y! + 25],
            ],
            p.c(i + 2),
          ),
      )
      .join('');
    return (
      stroke('M500,700 Q440,770 500,830 T500,930', INK, 6, 'opacity="0.6"') +
      bows +
      stroke('M260,400 Q180,620 140,900', INK, 4, 'opacity="0.45"') +
      polygon([top, right, mid], p.c(0)) +
      polygon([right, bottom, mid], p.c(1)) +
      polygon([bottom, left, mid], p.c(0)) +
      polygon([left, top, mid], p.c(1)) +
      stroke('M500,130 L500,700 M260,400 L740,400', WOOD_DARK, 10)
    );
  },

  bucket: (p) =>
    ellipse(520, 830, 360, 70, '#F2D49B') +
    stroke('M320,430 Q500,170 680,430', darker(p.c(0), 0.25), 18) +
    path('M300,430 L700,430 L650,800 Q500,830 350,800 Z', p.c(0)) +
    rect(285, 410, 430, 56, 28, darker(p.c(0), 0.12)) +
    rect(330, 560, 340, 40, 0, lighter(p.c(0), 0.35)) +
    group(
      'rotate(-28 780 560)',
      rect(760, 330, 40, 300, 20, p.c(1)) + path('M730,610 L830,610 L820,760 Q780,800 740,760 Z', p.c(1)),
    ) +
    star(200, 800, 60, p.c(2)) +
    circle(200, 800, 14, lighter(p.c(2), 0.5)),

  rattle: (p) =>
    stroke('M520,560 C620,610 560,700 650,760 S760,840 800,800', p.c(5), 30) +
    rect(465, 540, 70, 320, 35, WOOD) +
    circle(500, 870, 50, WOOD_DARK) +
    rect(450, 520, 100, 44, 22, WOOD_DARK) +
    circle(500, 340, 185, p.c(0)) +
    circle(500, 340, 120, lighter(p.c(0), 0.4)) +
    ellipse(500, 340, 205, 60, 'none', `stroke="${p.c(1)}" stroke-width="30" transform="rotate(-20 500 340)"`) +
    circle(430, 270, 30, WHITE, 'opacity="0.45"'),

  xylophone: (p) => {
    let bars = '';
    for (let i = 0; i < 8; i += 1) {
      const h = 330 - i * 24;
      const x = 200 + i * 78;
      bars +=
        rect(x, 600 - h / 2, 64, h, 16, p.c(i)) +
        circle(x + 32, 600 - h / 2 + 26, 9, WHITE) +
        circle(x + 32, 600 + h / 2 - 26, 9, WHITE);
    }
    return (
      polygon(
        [
          [170, 430],
          [860, 500],
          [860, 540],
          [170, 480],
        ],
        WOOD_DARK,
      ) +
      polygon(
        [
          [170, 720],
          [860, 690],
          [860, 730],
          [170, 770],
        ],
        WOOD_DARK,
      ) +
      bars +
      group('rotate(-30 700 300)', rect(560, 290, 300, 22, 11, WOOD) + circle(560, 301, 36, p.c(2))) +
      group('rotate(-12 720 220)', rect(580, 210, 300, 22, 11, WOOD) + circle(580, 221, 36, p.c(5)))
    );
  },

  rings: (p) => {
    let out = rect(290, 790, 420, 60, 30, WOOD_DARK) + rect(478, 250, 44, 560, 22, WOOD);
    [400, 340, 285, 230, 180].forEach((w, i) => {
      const y = 730 - i * 95;
      out += ellipse(500, y, w / 2, 58, p.c(i)) + ellipse(500, y - 16, w / 2 - 18, 30, lighter(p.c(i), 0.25));
    });
    return out + circle(500, 235, 62, p.c(5)) + circle(480, 215, 16, WHITE, 'opacity="0.5"');
  },

  abacus: (p) => {
    let out =
      rect(210, 200, 46, 660, 23, WOOD_DARK) +
      rect(744, 200, 46, 660, 23, WOOD_DARK) +
      rect(170, 820, 120, 50, 25, WOOD_DARK) +
      rect(710, 820, 120, 50, 25, WOOD_DARK);
    for (let row = 0; row < 5; row += 1) {
      const y = 280 + row * 115;
      out += rect(240, y - 6, 520, 12, 6, '#B5A9A0');
      const left = 2 + ((row * 3) % 5);
      for (let i = 0; i < 8; i += 1) {
        const x = i < left ? 295 + i * 58 : 715 - (7 - i) * 58;
        out += ellipse(x, y, 28, 40, p.c(row)) + ellipse(x - 8, y - 14, 8, 10, WHITE, 'opacity="0.45"');
      }
    }
    return out + rect(190, 200, 620, 46, 23, WOOD);
  },

  book: (p) =>
    path('M150,330 L500,380 L850,330 L850,800 L500,850 L150,800 Z', darker(p.c(0), 0.1)) +
    path('M175,300 Q340,290 500,350 L500,820 Q340,760 175,770 Z', CREAM) +
    path('M825,300 Q660,290 500,350 L500,820 Q660,760 825,770 Z', WHITE) +
    stroke('M500,350 L500,820', darker(CREAM, 0.12), 6) +
    circle(335, 480, 70, p.c(1)) +
    [0, 45, 90, 135, 180, 225, 270, 315]
      .map((a) => {
        const r1 = 95;
        const r2 = 125;
        const t = (a * Math.PI) / 180;
        return stroke(
          `M${f(335 + r1 * Math.cos(t))},${f(480 + r1 * Math.sin(t))} L${f(335 + r2 * Math.cos(t))},${f(480 + r2 * Math.sin(t))}`,
          p.c(1),
          14,
        );
      })
      .join('') +
    stroke('M230,690 Q335,620 440,690', p.c(2), 18) +
    rect(600, 560, 22, 130, 8, WOOD_DARK) +
    circle(611, 520, 85, p.c(2)) +
    circle(720, 640, 45, p.c(5)) +
    circle(720, 640, 18, p.c(1)),

  busyboard: (p) =>
    rect(170, 200, 660, 620, 50, WOOD) +
    rect(200, 230, 600, 560, 36, lighter(WOOD, 0.25)) +
    // a latch
    rect(250, 290, 150, 60, 14, '#BFC3CC') +
    rect(300, 270, 40, 100, 12, '#A3A8B3') +
    circle(380, 320, 20, INK) +
    // a light switch
    rect(500, 260, 110, 150, 20, WHITE) +
    rect(535, 285, 40, 70, 12, p.c(0)) +
    // a dial
    circle(710, 330, 62, p.c(1)) +
    circle(710, 330, 20, WHITE) +
    stroke('M710,330 L740,290', INK, 10) +
    // a zipper
    stroke('M250,470 L720,470', p.c(3), 26) +
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((i) => rect(258 + i * 38, 456, 16, 28, 4, '#BFC3CC')).join('') +
    rect(520, 455, 40, 60, 10, '#A3A8B3') +
    // a bead maze
    stroke('M250,700 C330,560 420,760 500,640 S660,560 740,680', p.c(4), 14) +
    circle(320, 640, 30, p.c(5)) +
    circle(460, 680, 30, p.c(2)) +
    circle(620, 610, 30, p.c(0)),

  clock: (p) => {
    let out = circle(500, 520, 330, WOOD) + circle(500, 520, 285, CREAM);
    for (let h = 0; h < 12; h += 1) {
      const a = ((h * 30 - 90) * Math.PI) / 180;
      out += circle(500 + 230 * Math.cos(a), 520 + 230 * Math.sin(a), 30, p.c(h));
    }
    return (
      out +
      stroke('M500,520 L500,360', INK, 26) +
      stroke('M500,520 L610,580', INK, 26) +
      circle(500, 520, 30, p.c(1)) +
      circle(500, 160, 40, WOOD_DARK)
    );
  },

  cloud: (p) => {
    const c = lighter(p.c(4), 0.55);
    return (
      [
        [340, 520, 150],
        [500, 430, 190],
        [670, 510, 150],
        [420, 600, 150],
        [600, 610, 150],
      ]
        .map(([x, y, r]) => circle(x!, y!, r!, c))
        .join('') +
      rect(230, 560, 560, 170, 85, c) +
      stroke('M400,540 Q430,570 460,540 M540,540 Q570,570 600,540', INK, 12) +
      smile(500, 600, 35, 10) +
      cheeks(500, 590, 140, 28) +
      sparkle(200, 270, 42, p.c(1)) +
      sparkle(820, 300, 32, p.c(1)) +
      sparkle(760, 200, 20, p.c(1)) +
      stroke('M260,800 Q380,760 500,800 T740,800', lighter(p.c(4), 0.2), 16)
    );
  },

  easel: (p) =>
    stroke('M420,200 L250,880 M580,200 L750,880 M500,200 L500,860', WOOD_DARK, 30) +
    rect(260, 250, 480, 380, 26, WOOD) +
    rect(290, 280, 420, 320, 14, '#3E6B5A') +
    circle(600, 370, 48, 'none', `stroke="${WHITE}" stroke-width="10"`) +
    stroke('M340,540 L410,440 L470,510 L520,460 L600,540', WHITE, 10) +
    stroke('M360,360 Q400,330 440,360', p.c(1), 10) +
    rect(270, 640, 460, 40, 14, WOOD_DARK) +
    rect(320, 600, 60, 48, 12, p.c(0)) +
    rect(400, 604, 60, 44, 12, p.c(3)) +
    rect(620, 614, 90, 30, 15, WHITE),

  faces: (p) => {
    const card = (x: number, y: number, angle: number, i: number, mood: 'happy' | 'sad' | 'angry' | 'wow') => {
      const cx = x + 140;
      const cy = y + 160;
      const mouth = {
        happy: smile(cx, cy + 30, 45, 11),
        sad: stroke(`M${cx - 42},${cy + 62} Q${cx},${cy + 20} ${cx + 42},${cy + 62}`, INK, 11),
        angry: stroke(
          `M${cx - 35},${cy + 50} L${cx + 35},${cy + 50} M${cx - 60},${cy - 45} L${cx - 20},${cy - 25} M${cx + 60},${cy - 45} L${cx + 20},${cy - 25}`,
          INK,
          11,
        ),
        wow: ellipse(cx, cy + 48, 22, 28, INK),
      }[mood];
      return group(
        `rotate(${angle} ${cx} ${cy})`,
        rect(x, y, 280, 320, 28, WHITE) +
          rect(x + 18, y + 18, 244, 284, 18, lighter(p.c(i), 0.6)) +
          circle(cx, cy, 100, p.c(i)) +
          eyes(cx, cy - 10, 36, 13) +
          mouth,
      );
    };
    return (
      card(190, 160, -8, 1, 'happy') +
      card(530, 160, 6, 3, 'sad') +
      card(190, 520, 5, 0, 'angry') +
      card(530, 520, -5, 4, 'wow')
    );
  },

  memory: (p) => {
    let out = '';
    for (let row = 0; row < 2; row += 1)
      for (let col = 0; col < 3; col += 1) {
        const x = 175 + col * 225;
        const y = 250 + row * 275;
        const faceUp = (row + col) % 2 === 0;
        out += faceUp
          ? rect(x, y, 200, 250, 24, WHITE) + symbol(col + row * 2, x + 100, y + 125, 110, p.c(col + row))
          : rect(x, y, 200, 250, 24, p.c(6)) +
            rect(x + 20, y + 20, 160, 210, 16, 'none', `stroke="${WHITE}" stroke-width="8" opacity="0.7"`) +
            circle(x + 100, y + 125, 30, WHITE, 'opacity="0.7"');
      }
    return out;
  },

  fish: (p) => {
    const fish = (x: number, y: number, s: number, c: string, flip = false) =>
      group(
        `translate(${x} ${y}) scale(${flip ? -s : s} ${s})`,
        polygon(
          [
            [-150, 0],
            [-250, -90],
            [-250, 90],
          ],
          darker(c, 0.1),
          `stroke="${darker(c, 0.1)}" stroke-width="30" stroke-linejoin="round"`,
        ) +
          ellipse(0, 0, 180, 115, c) +
          path('M-20,-100 Q30,-170 90,-95 Z', darker(c, 0.1)) +
          circle(90, -25, 22, WHITE) +
          circle(96, -25, 12, INK) +
          stroke('M-40,-60 Q-10,0 -40,60', lighter(c, 0.4), 12) +
          circle(170, 10, 16, '#9AA0AA'),
      );
    return (
      stroke('M220,120 L760,170', WOOD_DARK, 22) +
      stroke('M760,170 L760,410', INK, 5) +
      fish(590, 480, 1, p.c(0)) +
      fish(300, 690, 0.65, p.c(3), true) +
      fish(720, 760, 0.5, p.c(1)) +
      stroke('M120,880 Q200,840 280,880 T440,880 T600,880 T760,880 T920,880', lighter('#5B9BD5', 0.3), 18) +
      circle(400, 400, 18, WHITE, 'opacity="0.6"') +
      circle(430, 350, 11, WHITE, 'opacity="0.6"')
    );
  },

  headphones: (p) =>
    stroke('M260,560 C260,180 740,180 740,560', p.c(0), 60) +
    stroke('M300,520 C310,260 690,260 700,520', lighter(p.c(0), 0.35), 18) +
    rect(190, 480, 170, 270, 70, p.c(1)) +
    rect(240, 500, 100, 230, 46, darker(p.c(1), 0.2)) +
    rect(640, 480, 170, 270, 70, p.c(1)) +
    rect(660, 500, 100, 230, 46, darker(p.c(1), 0.2)) +
    star(275, 615, 38, WHITE, 'opacity="0.85"') +
    star(725, 615, 38, WHITE, 'opacity="0.85"'),

  medkit: (p) =>
    stroke('M400,380 L400,300 Q400,260 440,260 L560,260 Q600,260 600,300 L600,380', darker(p.c(0), 0.25), 32) +
    rect(200, 360, 600, 440, 56, p.c(0)) +
    rect(200, 360, 600, 90, 40, darker(p.c(0), 0.1)) +
    rect(455, 480, 90, 250, 18, WHITE) +
    rect(375, 560, 250, 90, 18, WHITE) +
    stroke('M720,840 C880,800 900,620 820,560 C770,520 700,560 720,620', INK, 18) +
    circle(720, 630, 36, '#C4C9D4') +
    circle(720, 630, 18, '#9AA0AA'),

  popit: (p) => {
    let out = rect(210, 210, 580, 580, 120, p.c(0));
    for (let row = 0; row < 4; row += 1)
      for (let col = 0; col < 4; col += 1) {
        const c = p.c(row + 1);
        const x = 300 + col * 133;
        const y = 300 + row * 133;
        out +=
          circle(x, y + 8, 52, darker(c, 0.2)) +
          circle(x, y, 52, c) +
          circle(x - 16, y - 16, 14, WHITE, 'opacity="0.5"');
      }
    return out;
  },

  shapes: (p) =>
    cube(230, 470, 420, p.c(3), 120) +
    // three slots on the lid
    [0.2, 0.45, 0.7]
      .map((u) => {
        const [hx, hy] = onFace('top', 230, 470, 420, 120, u, 0.5);
        return ellipse(hx, hy, 46, 22, darker(p.c(3), 0.45));
      })
      .join('') +
    symbol(1, 330, 680, 150, WHITE) +
    symbol(0, 530, 680, 150, WHITE) +
    symbol(0, 230, 870, 110, p.c(0)) +
    symbol(1, 790, 860, 120, p.c(1)) +
    symbol(2, 820, 380, 130, p.c(5)),

  stove: (p) =>
    rect(250, 300, 500, 140, 24, p.c(0)) +
    circle(330, 370, 26, WHITE) +
    circle(670, 370, 26, WHITE) +
    rect(230, 420, 540, 420, 30, CREAM) +
    rect(230, 420, 540, 70, 24, '#D9D4CE') +
    ellipse(370, 455, 80, 22, INK) +
    ellipse(630, 455, 80, 22, INK) +
    rect(290, 540, 420, 250, 24, lighter(p.c(0), 0.35)) +
    rect(330, 580, 340, 140, 18, '#6E6378', 'opacity="0.75"') +
    rect(330, 555, 340, 20, 10, darker(p.c(0), 0.15)) +
    [360, 500, 640].map((x) => circle(x, 510, 18, p.c(1))).join('') +
    rect(540, 330, 190, 110, 26, p.c(2)) +
    rect(520, 320, 230, 30, 15, darker(p.c(2), 0.15)) +
    circle(635, 310, 16, darker(p.c(2), 0.25)),

  teapot: (p) =>
    stroke('M300,560 Q180,540 200,450 Q220,400 290,470', darker(p.c(0), 0.1), 34) +
    path('M620,560 Q700,520 720,420 L770,400 Q760,540 660,640 Z', p.c(0)) +
    ellipse(460, 590, 210, 190, p.c(0)) +
    ellipse(460, 420, 130, 40, darker(p.c(0), 0.15)) +
    ellipse(460, 400, 110, 45, p.c(0)) +
    circle(460, 350, 28, p.c(1)) +
    [
      [390, 560],
      [500, 520],
      [540, 640],
      [400, 680],
      [300, 620],
    ]
      .map(([x, y]) => circle(x!, y!, 20, WHITE, 'opacity="0.75"'))
      .join('') +
    ellipse(740, 840, 150, 30, lighter(p.c(2), 0.4)) +
    path('M640,700 L840,700 L810,820 Q740,850 670,820 Z', p.c(2)) +
    stroke('M835,720 Q900,740 830,800', p.c(2), 22) +
    ellipse(740, 700, 100, 22, darker(p.c(2), 0.15)),

  bubbles: (p) => {
    let out =
      stroke('M200,880 L380,560', p.c(1), 24) + circle(420, 480, 95, 'none', `stroke="${p.c(1)}" stroke-width="24"`);
    const spots: Array<[number, number, number]> = [
      [600, 300, 120],
      [760, 500, 80],
      [520, 150, 55],
      [800, 220, 60],
      [660, 700, 95],
      [320, 260, 60],
      [880, 760, 45],
      [240, 420, 40],
    ];
    spots.forEach(([x, y, r], i) => {
      out +=
        circle(x, y, r, lighter(p.c(i + 3), 0.6), `opacity="0.55" stroke="${WHITE}" stroke-width="${f(r * 0.09)}"`) +
        stroke(
          `M${f(x - r * 0.6)},${f(y - r * 0.1)} Q${f(x - r * 0.55)},${f(y - r * 0.55)} ${f(x - r * 0.1)},${f(y - r * 0.62)}`,
          WHITE,
          r * 0.12,
          'opacity="0.9"',
        );
    });
    return out;
  },
};

// ——— composition ———

export interface ToyPicture {
  /** The item's name: it seeds the colours and the confetti. */
  name: string;
  motif: Motif;
  /** The category's pastel. */
  colour: string;
  /** 0 is the main picture; 1 and 2 are the secondary ones (a close-up, and the toy in a room). */
  variant?: 0 | 1 | 2;
}

function pen(name: string, colour: string, counter: { n: number }): Pen {
  const h = hashOf(name);
  const offset = h % TOY_COLOURS.length;
  return {
    c: (n) => TOY_COLOURS[(offset + n) % TOY_COLOURS.length]!,
    main: darker(colour, 0.12),
    rnd: seededRandom(h),
    id: (prefix) => `${prefix}${(counter.n += 1)}`,
  };
}

function confetti(rnd: () => number, colours: string[], count: number): string {
  let out = '';
  for (let i = 0; i < count; i += 1) {
    // Keep confetti near the edges: the toy owns the middle.
    const angle = rnd() * Math.PI * 2;
    const radius = 470 + rnd() * 150;
    const x = 600 + Math.cos(angle) * radius;
    const y = 560 + Math.sin(angle) * radius * 0.9;
    const c = colours[i % colours.length]!;
    const s = 10 + rnd() * 16;
    out +=
      i % 3 === 0
        ? circle(x, y, s, c, 'opacity="0.55"')
        : i % 3 === 1
          ? rect(
              x - s,
              y - s / 2,
              s * 2,
              s,
              s / 2,
              c,
              `opacity="0.5" transform="rotate(${Math.round(rnd() * 180)} ${f(x)} ${f(y)})"`,
            )
          : sparkle(x, y, s * 1.5, c);
  }
  return out;
}

/** Places a motif drawn in its 1000-box so its centre lands on (cx, cy) at `scale`. */
function placeMotif(motif: ToyPicture['motif'], p: Pen, cx: number, cy: number, scale: number, rotate = 0): string {
  return group(`translate(${f(cx)} ${f(cy)}) rotate(${rotate}) scale(${scale}) translate(-500 -500)`, MOTIFS[motif](p));
}

function frame(body: string, background: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" viewBox="0 0 ${IMAGE_SIZE} ${IMAGE_SIZE}"><rect width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" fill="${background}"/>${body}</svg>`;
}

/** The SVG of one toy picture. */
export function toySvg(picture: ToyPicture): string {
  const counter = { n: 0 };
  const p = pen(picture.name, picture.colour, counter);
  const variant = picture.variant ?? 0;
  const background = mix(picture.colour, WHITE, 0.8);
  const blob = mix(picture.colour, WHITE, 0.55);
  const shadow = (cx: number, cy: number, rx: number) => ellipse(cx, cy, rx, rx * 0.12, INK, 'opacity="0.09"');
  const sprinkles = [p.c(0), p.c(2), p.c(4), WHITE];

  if (variant === 1) {
    // A close-up: bigger and tilted, on soft diagonal stripes.
    let stripes = '';
    for (let x = -1200; x < 1200; x += 160)
      stripes += polygon(
        [
          [x, 1200],
          [x + 80, 1200],
          [x + 1280, 0],
          [x + 1200, 0],
        ],
        blob,
        'opacity="0.5"',
      );
    return frame(stripes + shadow(640, 1080, 380) + placeMotif(picture.motif, p, 640, 640, 1.3, -8), background);
  }
  if (variant === 2) {
    // In a child's room: a wall, a wooden floor, a rug, a framed sun.
    const wall = mix(picture.colour, WHITE, 0.68);
    return frame(
      rect(0, 0, 1200, 820, 0, wall) +
        rect(0, 820, 1200, 380, 0, mix(WOOD, WHITE, 0.35)) +
        [0, 1, 2, 3, 4].map((i) => rect(0, 870 + i * 70, 1200, 4, 0, WOOD_DARK, 'opacity="0.18"')).join('') +
        rect(150, 150, 220, 170, 16, WHITE) +
        rect(170, 170, 180, 130, 8, lighter(p.c(3), 0.55)) +
        circle(260, 240, 38, p.c(1)) +
        sparkle(980, 180, 40, WHITE) +
        sparkle(900, 300, 24, WHITE) +
        ellipse(620, 960, 430, 90, lighter(p.c(5), 0.45)) +
        ellipse(
          620,
          960,
          360,
          62,
          'none',
          `stroke="${WHITE}" stroke-width="10" opacity="0.6" stroke-dasharray="30 24"`,
        ) +
        placeMotif(picture.motif, p, 620, 620, 0.82),
      background,
    );
  }
  return frame(
    circle(600, 560, 450, blob) +
      confetti(p.rnd, sprinkles, 16) +
      shadow(600, 960, 300) +
      placeMotif(picture.motif, p, 600, 580, 0.92),
    background,
  );
}

export interface ComboPicture {
  name: string;
  colour: string;
  /** The combo's products, drawn together (2 to 4). */
  items: ReadonlyArray<{ name: string; motif: Motif; colour: string }>;
}

/** The SVG of a combo: its products gathered on one background, tied with a ribbon like a gift. */
export function comboSvg(picture: ComboPicture): string {
  const counter = { n: 0 };
  const p = pen(picture.name, picture.colour, counter);
  const background = mix(picture.colour, WHITE, 0.78);
  const layouts: Record<number, Array<[number, number, number]>> = {
    1: [[600, 640, 0.75]],
    2: [
      [350, 680, 0.56],
      [850, 680, 0.56],
    ],
    3: [
      [350, 860, 0.5],
      [850, 860, 0.5],
      [600, 530, 0.5],
    ],
    4: [
      [370, 480, 0.42],
      [830, 480, 0.42],
      [370, 885, 0.42],
      [830, 885, 0.42],
    ],
  };
  const slots = layouts[Math.min(Math.max(picture.items.length, 1), 4)]!;
  const ribbon = p.c(0);
  const items = picture.items.slice(0, 4).map((item, i) => {
    const [x, y, s] = slots[i]!;
    const itemPen = pen(item.name, item.colour, counter);
    return (
      circle(x, y, 330 * s * 1.25, mix(item.colour, WHITE, 0.45)) +
      ellipse(x, y + 350 * s, 260 * s, 30 * s, INK, 'opacity="0.08"') +
      placeMotif(item.motif, itemPen, x, y, s)
    );
  });
  const bow =
    path('M600,150 C520,60 400,80 430,150 C450,200 540,190 600,150 Z', ribbon) +
    path('M600,150 C680,60 800,80 770,150 C750,200 660,190 600,150 Z', ribbon) +
    polygon(
      [
        [590, 160],
        [540, 280],
        [580, 260],
        [600, 300],
      ],
      darker(ribbon, 0.1),
    ) +
    polygon(
      [
        [610, 160],
        [660, 280],
        [620, 260],
        [600, 300],
      ],
      darker(ribbon, 0.1),
    ) +
    circle(600, 150, 34, darker(ribbon, 0.15));
  return frame(
    confetti(p.rnd, [p.c(1), p.c(3), WHITE], 18) +
      items.join('') +
      rect(0, 120, 1200, 56, 0, ribbon, 'opacity="0.85"') +
      bow,
    background,
  );
}

/** Renders an SVG (drawn on a 1200 canvas) to PNG bytes `size` pixels wide; storeImage re-encodes them to WebP. */
export async function renderPng(svg: string, size = IMAGE_SIZE): Promise<Buffer> {
  // Light PNG compression: the bytes only live until storeImage turns them into WebP.
  return sharp(Buffer.from(svg), { density: (72 * size) / IMAGE_SIZE })
    .png({ compressionLevel: 1 })
    .toBuffer();
}
