/**
 * Draws the four body-chart images (spec part 1 §9: ids 1–4, 999x666) as SVG into public/body-charts/.
 * Outlines are smooth curves (Catmull-Rom through hand-placed points, mirrored for the symmetric views); shapes
 * that overlap (fingers on a palm) are drawn as one outline by stroking them all thickly first, then filling them
 * all on top. Run: node apps/web/scripts/generate-body-charts.ts
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';

type Pt = readonly [number, number];
const W = 999;
const H = 666;
const ink = '#4a5563';
const detail = '#9aa3ae';
const skin = '#ffffff';

const f = (n: number) => Math.round(n * 10) / 10;

/** A smooth closed (or open) curve through the points (centripetal-free Catmull-Rom, tension 0.5). */
const smooth = (pts: readonly Pt[], closed = true): string => {
  const n = pts.length;
  const at = (i: number): Pt => (closed ? (pts[(i + n) % n] as Pt) : (pts[Math.max(0, Math.min(n - 1, i))] as Pt));
  let d = `M${f(at(0)[0])},${f(at(0)[1])}`;
  const last = closed ? n : n - 1;
  for (let i = 0; i < last; i++) {
    const p0 = at(i - 1);
    const p1 = at(i);
    const p2 = at(i + 1);
    const p3 = at(i + 2);
    const c1: Pt = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: Pt = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += ` C${f(c1[0])},${f(c1[1])} ${f(c2[0])},${f(c2[1])} ${f(p2[0])},${f(p2[1])}`;
  }
  return closed ? `${d} Z` : d;
};

/** The right half of a symmetric outline (x ≥ 0 from the midline) mirrored into the whole, placed at (cx, 0). */
const mirrored = (half: readonly Pt[], cx: number, scale = 1, dy = 0): Pt[] => {
  const right = half.map(([x, y]) => [cx + x * scale, dy + y * scale] as Pt);
  const left = [...half]
    .reverse()
    .filter(([x]) => x !== 0)
    .map(([x, y]) => [cx - x * scale, dy + y * scale] as Pt);
  return [...right, ...left];
};

const place = (pts: readonly Pt[], cx: number, cy: number, scale = 1, flip = false): Pt[] =>
  pts.map(([x, y]) => [cx + (flip ? -x : x) * scale, cy + y * scale] as Pt);

const outline = (d: string) =>
  `<path d="${d}" fill="${skin}" stroke="${ink}" stroke-width="2.2" stroke-linejoin="round" stroke-linecap="round"/>`;
const line = (d: string, dashed = false) =>
  `<path d="${d}" fill="none" stroke="${detail}" stroke-width="1.4" stroke-linecap="round"${dashed ? ' stroke-dasharray="4 4"' : ''}/>`;
const label = (x: number, y: number, text: string) =>
  `<text x="${x}" y="${y}" text-anchor="middle" font-family="Inter, 'Segoe UI', Arial, sans-serif" font-size="15" font-weight="600" fill="#6b7480" letter-spacing="1.5">${text}</text>`;
const side = (x: number, y: number, text: string) =>
  `<text x="${x}" y="${y}" text-anchor="middle" font-family="Inter, 'Segoe UI', Arial, sans-serif" font-size="13" fill="#9aa3ae">${text}</text>`;

/** Several overlapping shapes drawn as one outline. */
const union = (ds: string[]) =>
  `<g>${ds.map((d) => `<path d="${d}" fill="${ink}" stroke="${ink}" stroke-width="4.4" stroke-linejoin="round"/>`).join('')}${ds
    .map((d) => `<path d="${d}" fill="${skin}"/>`)
    .join('')}</g>`;

const svg = (title: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${title}">
<title>${title}</title>
<rect width="${W}" height="${H}" fill="#ffffff"/>
${body}
</svg>
`;

// The right half of a standing body seen from the front, arms a little away from the sides (units: px at scale 1).
const bodyHalf: Pt[] = [
  [0, 22],
  [18, 25],
  [28, 38],
  [31, 58],
  [29, 80],
  [23, 97],
  [15, 108],
  [14, 122],
  [22, 130],
  [46, 138],
  [64, 146],
  [75, 162],
  [80, 186],
  [86, 216],
  [92, 246],
  [99, 270],
  [108, 298],
  [116, 322],
  [124, 338],
  [130, 352],
  [131, 370],
  [124, 386],
  [114, 390],
  [108, 378],
  [106, 360],
  [103, 346],
  [94, 324],
  [82, 298],
  [72, 272],
  [66, 246],
  [62, 218],
  [58, 198],
  [56, 222],
  [52, 252],
  [54, 276],
  [62, 302],
  [64, 334],
  [60, 372],
  [54, 410],
  [50, 440],
  [52, 462],
  [54, 494],
  [48, 534],
  [40, 568],
  [38, 586],
  [46, 600],
  [44, 612],
  [26, 614],
  [16, 606],
  [17, 586],
  [19, 566],
  [18, 530],
  [16, 494],
  [16, 462],
  [14, 440],
  [12, 404],
  [9, 366],
  [4, 334],
  [0, 330],
];

const figure = (cx: number, top: number, scale: number) => smooth(mirrored(bodyHalf, cx, scale, top));

/** Landmarks of the front view (clavicles, chest, navel, knees) for a figure at (cx, top, scale). */
const frontDetails = (cx: number, top: number, s: number) => {
  const P = (x: number, y: number): Pt => [cx + x * s, top + y * s];
  const Q = (x: number, y: number): Pt => [cx - x * s, top + y * s];
  const navel = P(0, 268);
  return [
    line(smooth([P(6, 136), P(26, 140), P(48, 142)], false)),
    line(smooth([Q(6, 136), Q(26, 140), Q(48, 142)], false)),
    line(smooth([P(8, 204), P(26, 210), P(44, 196)], false)),
    line(smooth([Q(8, 204), Q(26, 210), Q(44, 196)], false)),
    `<circle cx="${f(navel[0])}" cy="${f(navel[1])}" r="${f(2.2 * s)}" fill="none" stroke="${detail}" stroke-width="1.4"/>`,
    line(smooth([P(52, 300), P(30, 318), P(6, 332)], false)),
    line(smooth([Q(52, 300), Q(30, 318), Q(6, 332)], false)),
    line(smooth([P(24, 446), P(34, 452), P(44, 446)], false)),
    line(smooth([Q(24, 446), Q(34, 452), Q(44, 446)], false)),
    line(smooth([P(0, 140), P(0, 330)], false), true),
  ].join('');
};

/** Landmarks of the back view (spine, shoulder blades, buttocks, hollows of the knees). */
const backDetails = (cx: number, top: number, s: number) => {
  const P = (x: number, y: number): Pt => [cx + x * s, top + y * s];
  const Q = (x: number, y: number): Pt => [cx - x * s, top + y * s];
  return [
    line(smooth([P(0, 126), P(0, 200), P(0, 290)], false)),
    line(smooth([P(14, 160), P(38, 154), P(44, 176), P(30, 212), P(16, 196)], false)),
    line(smooth([Q(14, 160), Q(38, 154), Q(44, 176), Q(30, 212), Q(16, 196)], false)),
    line(smooth([P(0, 296), P(0, 326)], false)),
    line(smooth([P(4, 338), P(26, 344), P(50, 334)], false)),
    line(smooth([Q(4, 338), Q(26, 344), Q(50, 334)], false)),
    line(smooth([P(22, 452), P(34, 458), P(46, 452)], false)),
    line(smooth([Q(22, 452), Q(34, 458), Q(46, 452)], false)),
  ].join('');
};

const frontBack = (withDetails: boolean) => {
  const s = 1.0;
  const top = 16;
  const parts = [
    outline(figure(280, top, s)),
    outline(figure(720, top, s)),
    withDetails ? frontDetails(280, top, s) : '',
    withDetails ? backDetails(720, top, s) : '',
    label(280, 652, 'FRONTE'),
    label(720, 652, 'RETRO'),
    side(160, 300, 'Dx'),
    side(400, 300, 'Sx'),
    side(600, 300, 'Sx'),
    side(840, 300, 'Dx'),
  ];
  return parts.join('\n');
};

// Head seen from the front (right half) and in profile (facing right).
const headHalf: Pt[] = [
  [0, 0],
  [40, 6],
  [62, 34],
  [68, 80],
  [72, 96],
  [66, 112],
  [60, 138],
  [46, 168],
  [24, 186],
  [0, 192],
];
const neckHalf: Pt[] = [
  [38, 160],
  [40, 214],
  [86, 236],
  [120, 252],
  [120, 300],
  [0, 300],
];
const profile: Pt[] = [
  [-10, 0],
  [40, 8],
  [70, 40],
  [78, 82],
  [88, 100],
  [80, 106],
  [84, 126],
  [78, 134],
  [82, 148],
  [74, 158],
  [76, 174],
  [60, 188],
  [36, 190],
  [30, 214],
  [40, 240],
  [50, 300],
  [-80, 300],
  [-70, 240],
  [-60, 200],
  [-66, 150],
  [-80, 110],
  [-76, 50],
  [-48, 12],
];

const spine = (cx: number, top: number) => {
  const parts: string[] = [];
  // 7 cervical, 12 thoracic, 5 lumbar vertebrae, then the sacrum: sizes grow downwards
  const names = [
    ...Array.from({ length: 7 }, (_, i) => `C${i + 1}`),
    ...Array.from({ length: 12 }, (_, i) => `T${i + 1}`),
    ...Array.from({ length: 5 }, (_, i) => `L${i + 1}`),
  ];
  let y = top;
  names.forEach((name, i) => {
    const w = 22 + i * 1.2;
    const h = 13 + i * 0.35;
    parts.push(
      `<rect x="${f(cx - w / 2)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" rx="${f(h / 2.6)}" fill="${skin}" stroke="${ink}" stroke-width="1.8"/>`,
    );
    parts.push(
      `<text x="${f(cx + w / 2 + 16)}" y="${f(y + h / 2 + 4)}" text-anchor="middle" font-family="Inter, Arial, sans-serif" font-size="10" fill="#9aa3ae">${name}</text>`,
    );
    y += h + 3.5;
  });
  const sacrum: Pt[] = [
    [cx - 28, y],
    [cx + 28, y],
    [cx + 20, y + 36],
    [cx + 6, y + 62],
    [cx - 6, y + 62],
    [cx - 20, y + 36],
  ];
  parts.push(outline(smooth(sacrum)));
  parts.push(
    `<text x="${f(cx + 46)}" y="${f(y + 30)}" text-anchor="middle" font-family="Inter, Arial, sans-serif" font-size="10" fill="#9aa3ae">S</text>`,
  );
  return parts.join('');
};

const headAndSpine = () => {
  const front = [
    outline(smooth(mirrored(neckHalf, 200, 1.15, 100))),
    outline(smooth(mirrored(headHalf, 200, 1.15, 90))),
  ];
  const fx = 200;
  const fy = 90;
  const s = 1.15;
  const eyes = [-1, 1]
    .map(
      (k) =>
        `<path d="M${f(fx + k * 18 * s)},${f(fy + 92 * s)} q${f(k * 12 * s)},-8 ${f(k * 24 * s)},0" fill="none" stroke="${detail}" stroke-width="1.4"/>`,
    )
    .join('');
  const nose = line(`M${fx},${f(fy + 98 * s)} l-6,${f(30 * s)} h12`);
  const mouth = line(`M${f(fx - 16)},${f(fy + 152 * s)} q16,8 32,0`);
  const ears = [-1, 1]
    .map((k) =>
      line(
        smooth(
          place(
            [
              [0, 0],
              [8, 8],
              [9, 26],
              [2, 38],
            ],
            fx + k * 66 * s,
            fy + 82 * s,
            s,
            k < 0,
          ),
          false,
        ),
      ),
    )
    .join('');
  const side = outline(smooth(place(profile, 520, 90, 1.15)));
  const ear = line(
    smooth(
      place(
        [
          [-20, 92],
          [-8, 86],
          [0, 100],
          [-6, 124],
          [-18, 128],
        ],
        520,
        90,
        1.15,
      ),
    ),
  );
  const eye = line(`M${f(520 + 52 * 1.15)},${f(90 + 92 * 1.15)} l12,0`);
  return [
    ...front,
    eyes,
    nose,
    mouth,
    ears,
    side,
    ear,
    eye,
    spine(820, 80),
    label(200, 652, 'TESTA E COLLO'),
    label(520, 652, 'PROFILO'),
    label(820, 652, 'COLONNA'),
  ].join('\n');
};

/** A capsule (a finger) from (x1,y1) to (x2,y2) of width w. */
const capsule = (x1: number, y1: number, x2: number, y2: number, w: number) => {
  const a = Math.atan2(y2 - y1, x2 - x1) + Math.PI / 2;
  const dx = (Math.cos(a) * w) / 2;
  const dy = (Math.sin(a) * w) / 2;
  const r = w / 2;
  return `M${f(x1 + dx)},${f(y1 + dy)} L${f(x2 + dx)},${f(y2 + dy)} A${r},${r} 0 0 0 ${f(x2 - dx)},${f(y2 - dy)} L${f(x1 - dx)},${f(y1 - dy)} A${r},${r} 0 0 0 ${f(x1 + dx)},${f(y1 + dy)} Z`;
};

/** A right hand, palm towards the viewer, wrist at (cx, cy); mirrored for the left. */
const hand = (cx: number, cy: number, mirror: boolean) => {
  const m = (x: number) => (mirror ? cx - x : cx + x);
  const palm = smooth([
    [m(-44), cy],
    [m(44), cy],
    [m(52), cy - 60],
    [m(50), cy - 118],
    [m(-48), cy - 122],
    [m(-54), cy - 70],
  ]);
  const fingers = [
    capsule(m(-36), cy - 112, m(-52), cy - 196, 24),
    capsule(m(-12), cy - 118, m(-14), cy - 226, 25),
    capsule(m(13), cy - 118, m(18), cy - 218, 24),
    capsule(m(36), cy - 110, m(46), cy - 192, 22),
    capsule(m(-46), cy - 40, m(-92), cy - 108, 27),
  ];
  const forearm = smooth([
    [m(-40), cy + 60],
    [m(-44), cy - 4],
    [m(44), cy - 4],
    [m(40), cy + 60],
  ]);
  return union([forearm, palm, ...fingers]);
};

/** A right foot seen from below, heel at the bottom; mirrored for the left. */
const foot = (cx: number, cy: number, mirror: boolean) => {
  const m = (x: number) => (mirror ? cx - x : cx + x);
  const sole = smooth([
    [m(0), cy + 120],
    [m(30), cy + 104],
    [m(38), cy + 40],
    [m(34), cy - 20],
    [m(50), cy - 92],
    [m(40), cy - 124],
    [m(-10), cy - 132],
    [m(-46), cy - 120],
    [m(-44), cy - 70],
    [m(-26), cy - 10],
    [m(-30), cy + 60],
    [m(-26), cy + 104],
  ]);
  const toes = [
    [-34, -138, 30],
    [-6, -148, 19],
    [14, -146, 17],
    [31, -138, 16],
    [45, -124, 14],
  ].map(
    ([x, y, r]) =>
      `M${f(m(x as number) - (r as number) / 2)},${f(cy + (y as number))} a${f((r as number) / 2)},${f((r as number) / 1.6)} 0 1 0 ${f(r as number)},0 a${f((r as number) / 2)},${f((r as number) / 1.6)} 0 1 0 ${f(-(r as number))},0 Z`,
  );
  return union([sole, ...toes]);
};

const handsAndFeet = () =>
  [
    hand(150, 330, false),
    hand(360, 330, true),
    foot(650, 380, true),
    foot(830, 380, false),
    side(150, 420, 'Dx'),
    side(360, 420, 'Sx'),
    side(650, 540, 'Sx'),
    side(830, 540, 'Dx'),
    label(255, 652, 'MANI (PALMO)'),
    label(740, 652, 'PIEDI (PIANTA)'),
  ].join('\n');

const out = path.resolve(import.meta.dirname, '../public/body-charts');
const files: [number, string, string][] = [
  [1, 'Figura intera', frontBack(false)],
  [2, 'Corpo: fronte e retro', frontBack(true)],
  [3, 'Testa, collo e colonna', headAndSpine()],
  [4, 'Mani e piedi', handsAndFeet()],
];
for (const [id, title, body] of files) writeFileSync(path.join(out, `${id}.svg`), svg(title, body));
