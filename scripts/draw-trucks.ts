/**
 * Draws every vehicle illustration the site uses. There are no photos of the
 * dealer's stock, so the pictures are generated: one parametric side-view drawing
 * per body type, fed by the catalogue itself (length, height and wheelbase come from
 * app/data/trucks.ts, so the dimension lines in the schemes agree with the tables).
 *
 *   npx tsx scripts/draw-trucks.ts                    catalogue, placeholder, category tiles
 *   npx tsx scripts/draw-trucks.ts --hero-sheets DIR  frame sheets for scripts/make-hero-video.sh
 *
 * Geometry is in millimetres with y pointing up from the ground; the helpers flip y
 * when they write SVG, and a scaled group maps the drawing into the picture. One
 * geometry serves three looks (flat colour, technical line drawing, grey silhouette)
 * because every shape carries a role class and only the stylesheet changes.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ALL_TRUCKS, type Truck } from "../app/data/trucks";

type Pt = [number, number];
type Body = "tractor" | "mixer" | "pump" | "crane" | "multilift" | "timber" | "dump";
type Mode = "color" | "line" | "ghost";

interface Look {
  cab: string;
  /** The cab colour of the alternative slide. */
  alt: string;
  /** Crane, boom, hook arm, drum stripes. */
  accent: string;
  /** Dump box, container, drum, platform sides. */
  cargo: string;
}

interface Geo {
  body: Body;
  name: string;
  L: number;
  H: number;
  W: number;
  /** Axle positions from the front, in mm from the rear end. */
  axles: number[];
  frontAxles: number;
  /** Cab roof height; a deflector fills the rest up to H on tractors. */
  yt: number;
  j7: boolean;
  /** The flagship's side skirts between the axles. */
  skirts: boolean;
  lng: boolean;
}

const PUBLIC = path.resolve(import.meta.dirname, "..", "public");
const TYRE = 530;
const FRONT_OVERHANG = 1400;
const CAB_LENGTH = 2250;
const FRAME_TOP = 1130;
const SUBFRAME_TOP = 1280;

// ---------------------------------------------------------------- primitives

const fmt = (n: number) => {
  const v = Math.round(n * 10) / 10;
  return Object.is(v, -0) ? "0" : String(v);
};

class D {
  private s = "";
  M(x: number, y: number) {
    this.s += `M${fmt(x)} ${fmt(-y)}`;
    return this;
  }
  L(x: number, y: number) {
    this.s += `L${fmt(x)} ${fmt(-y)}`;
    return this;
  }
  Q(cx: number, cy: number, x: number, y: number) {
    this.s += `Q${fmt(cx)} ${fmt(-cy)} ${fmt(x)} ${fmt(-y)}`;
    return this;
  }
  C(ax: number, ay: number, bx: number, by: number, x: number, y: number) {
    this.s += `C${fmt(ax)} ${fmt(-ay)} ${fmt(bx)} ${fmt(-by)} ${fmt(x)} ${fmt(-y)}`;
    return this;
  }
  /** sweep 0 turns anticlockwise on screen, 1 clockwise. */
  A(r: number, large: 0 | 1, sweep: 0 | 1, x: number, y: number) {
    this.s += `A${fmt(r)} ${fmt(r)} 0 ${large} ${sweep} ${fmt(x)} ${fmt(-y)}`;
    return this;
  }
  Z() {
    this.s += "Z";
    return this;
  }
  toString() {
    return this.s;
  }
}
const d = () => new D();

const path_ = (cls: string, dd: D | string) => `<path class="${cls}" d="${dd}"/>`;
const poly = (cls: string, pts: Pt[]) =>
  path_(cls, pts.map(([x, y], i) => `${i ? "L" : "M"}${fmt(x)} ${fmt(-y)}`).join("") + "Z");
const rect = (cls: string, x: number, y: number, w: number, h: number, rx = 0) =>
  `<rect class="${cls}" x="${fmt(x)}" y="${fmt(-(y + h))}" width="${fmt(Math.max(0, w))}" height="${fmt(Math.max(0, h))}"${rx ? ` rx="${fmt(rx)}"` : ""}/>`;
const circle = (cls: string, x: number, y: number, r: number) =>
  `<circle class="${cls}" cx="${fmt(x)}" cy="${fmt(-y)}" r="${fmt(r)}"/>`;
const ellipse = (cls: string, x: number, y: number, rx: number, ry: number) =>
  `<ellipse class="${cls}" cx="${fmt(x)}" cy="${fmt(-y)}" rx="${fmt(rx)}" ry="${fmt(ry)}"/>`;

/** An annular sector, angles in degrees anticlockwise from +x (y up). */
function ring(cls: string, cx: number, cy: number, r1: number, r2: number, a0: number, a1: number) {
  const p = (a: number, r: number): Pt => [
    cx + r * Math.cos((a * Math.PI) / 180),
    cy + r * Math.sin((a * Math.PI) / 180),
  ];
  const large = a1 - a0 > 180 ? 1 : 0;
  const [o0, o1, i1, i0] = [p(a0, r1), p(a1, r1), p(a1, r2), p(a0, r2)];
  return path_(
    cls,
    d()
      .M(...o0)
      .A(r1, large, 0, ...o1)
      .L(...i1)
      .A(r2, large, 1, ...i0)
      .Z(),
  );
}

/** A bar of the given thickness between two points. */
function bar(cls: string, a: Pt, b: Pt, t: number) {
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
  const nx = (-(b[1] - a[1]) / len) * (t / 2);
  const ny = ((b[0] - a[0]) / len) * (t / 2);
  return poly(cls, [
    [a[0] + nx, a[1] + ny],
    [b[0] + nx, b[1] + ny],
    [b[0] - nx, b[1] - ny],
    [a[0] - nx, a[1] - ny],
  ]);
}

function mix(hex: string, other: string, t: number) {
  const a = parseInt(hex.slice(1), 16);
  const b = parseInt(other.slice(1), 16);
  const ch = (v: number, s: number) => (v >> s) & 255;
  const c = (s: number) => Math.round(ch(a, s) + (ch(b, s) - ch(a, s)) * t);
  return `#${((1 << 24) | (c(16) << 16) | (c(8) << 8) | c(0)).toString(16).slice(1)}`;
}
const lighten = (hex: string, t: number) => mix(hex, "#ffffff", t);
const darken = (hex: string, t: number) => mix(hex, "#000000", t);

function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const seedOf = (s: string) => [...s].reduce((h, ch) => Math.imul(h ^ ch.charCodeAt(0), 16777619), 2166136261);

// ---------------------------------------------------------------- catalogue → drawing inputs

const LOOKS: Record<string, Look> = {
  "faw-j7-6x4-460": { cab: "#c8102e", alt: "#eef1f4", accent: "#3b4350", cargo: "#8d99a6" },
  "faw-j7-4x2-460": { cab: "#eef1f4", alt: "#1f4f96", accent: "#3b4350", cargo: "#8d99a6" },
  "faw-j6p-6x4-420": { cab: "#1f4f96", alt: "#c8102e", accent: "#3b4350", cargo: "#8d99a6" },
  "faw-j6p-4x2-420": { cab: "#a9b3bd", alt: "#2e7d4f", accent: "#3b4350", cargo: "#8d99a6" },
  "faw-j6p-6x4-lng": { cab: "#2e7d4f", alt: "#eef1f4", accent: "#3b4350", cargo: "#8d99a6" },
  "faw-j6l-4x2-350": { cab: "#e0701f", alt: "#a9b3bd", accent: "#3b4350", cargo: "#8d99a6" },
  "faw-j7-6x4-550": { cab: "#2f3742", alt: "#c8102e", accent: "#3b4350", cargo: "#8d99a6" },
  "avtobetonosmesitel-j6p-6x4": { cab: "#eef1f4", alt: "#1f4f96", accent: "#e36f1e", cargo: "#e9edf1" },
  "avtobetononasos-j6p-37m": { cab: "#c8102e", alt: "#eef1f4", accent: "#f2b705", cargo: "#8d99a6" },
  "kran-manipulyator-j6p-6x4": { cab: "#1f4f96", alt: "#eef1f4", accent: "#f2b705", cargo: "#8d99a6" },
  "multilift-j6p-6x4-20t": { cab: "#e0701f", alt: "#eef1f4", accent: "#3b4350", cargo: "#1f4f96" },
  "multilift-j6p-8x4-30t": { cab: "#eef1f4", alt: "#c8102e", accent: "#3b4350", cargo: "#2e7d4f" },
  "lesovoz-j6p-6x6": { cab: "#2d5d3e", alt: "#e0701f", accent: "#3b4350", cargo: "#8d99a6" },
  "samosval-j6p-6x4": { cab: "#c8102e", alt: "#1f4f96", accent: "#3b4350", cargo: "#eea321" },
  "samosval-j6p-8x4": { cab: "#eef1f4", alt: "#e0701f", accent: "#3b4350", cargo: "#e0701f" },
  "samosval-j6p-6x6": { cab: "#f0b323", alt: "#2e7d4f", accent: "#3b4350", cargo: "#5b6570" },
};
const FALLBACK_LOOK: Look = { cab: "#8d99a6", alt: "#c8102e", accent: "#3b4350", cargo: "#8d99a6" };

function bodyOf(t: Truck): Body {
  if (t.type.slug === "tyagach") return "tractor";
  if (t.type.slug === "samosval") return "dump";
  const prefixes: [string, Body][] = [
    ["avtobetonosmesitel", "mixer"],
    ["avtobetononasos", "pump"],
    ["kran", "crane"],
    ["multilift", "multilift"],
    ["lesovoz", "timber"],
  ];
  const hit = prefixes.find(([prefix]) => t.slug.startsWith(prefix));
  if (!hit) throw new Error(`No body type for ${t.slug}: add a prefix to bodyOf()`);
  return hit[1];
}

function geometryOf(t: Truck): Geo {
  // Dimensions are measures in millimetres; a wheelbase lists one span per pair of axles.
  const amounts = (label: string) => {
    const value = t.params.find((row) => row.label === label)?.value;
    return typeof value === "object" && value.unit === "мм" ? value.amounts : [];
  };
  const body = bodyOf(t);
  const [L = 0] = amounts("Длина");
  const [H = 0] = amounts("Высота");
  const W = amounts("Ширина")[0] || 2500;
  const spans = amounts("Колесная база");
  const count = Number(t.formula.split("x")[0]) / 2;
  if (!L || !H || spans.length !== count - 1 || spans.some((s) => !s)) {
    throw new Error(`${t.slug}: Длина, Высота and a Колесная база with ${count - 1} spans are needed to draw it`);
  }
  const axles = [L - FRONT_OVERHANG];
  for (const span of spans) axles.push(axles[axles.length - 1] - span);
  if (axles[axles.length - 1] < 500) throw new Error(`${t.slug}: the rear overhang is too short to draw`);
  const lowRoof = t.name.includes("J6L");
  return {
    body,
    name: t.name,
    L,
    H,
    W,
    axles,
    frontAxles: count === 4 ? 2 : 1,
    // A J7 carries a roof fairing above a mid-height cab; a J6P tractor has the tall cab itself, so
    // the two ranges never share one drawing.
    yt: body === "tractor" ? (lowRoof ? 3000 : t.name.includes("J7") ? 3300 : H - 60) : 3050,
    j7: t.name.includes("J7"),
    skirts: body === "tractor" && t.name.includes("550"),
    lng: t.name.includes("LNG"),
  };
}

// ---------------------------------------------------------------- styles

interface Sheet {
  defs: string;
  css: string;
}

function linear(id: string, stops: [number, string][], x2 = 0, y2 = 1) {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops
    .map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`)
    .join("")}</linearGradient>`;
}
const painted = (id: string, c: string) =>
  linear(id, [
    [0, lighten(c, 0.3)],
    [0.45, c],
    [1, darken(c, 0.22)],
  ]);

function wheelDefs() {
  const around = (count: number, radius: number, r: number, cls: string, turn = 0) =>
    Array.from({ length: count }, (_, i) => {
      const a = ((i * 360) / count + turn) * (Math.PI / 180);
      return `<circle class="${cls}" cx="${fmt(radius * Math.cos(a))}" cy="${fmt(radius * Math.sin(a))}" r="${r}"/>`;
    }).join("");
  const wheel = (id: string, dish: number, hub: number) =>
    `<g id="${id}"><circle class="t" r="${TYRE}"/><circle class="t2" r="488"/><circle class="rm" r="305"/>` +
    `<circle class="rd" r="${dish}"/>${around(5, 262, 30, "t", 36)}<circle class="hb" r="${hub}"/>${around(10, 150, 17, "nt")}<circle class="nt" r="52"/></g>`;
  // Rear duals show the deep dish of the outer rim, so the hub sits further in.
  return wheel("w", 212, 112) + wheel("wr", 236, 124);
}

/** `px` is one screen pixel in drawing units, so lines stay hairline at any scale. */
function sheet(mode: Mode, look: Look, px: number): Sheet {
  const defs = wheelDefs();
  if (mode === "line") {
    const s = `stroke:#1e2935;stroke-width:${fmt(px * 1.1)}`;
    return {
      defs,
      css:
        `.c,.b,.a,.m,.dr,.k,.f,.l,.o,.r,.t,.rm,.hb,.nt,.wd,.we{fill:#fff;${s};stroke-linejoin:round}` +
        `.g{fill:#e6edf4;${s}}.t2,.rd,.ln,.ds{fill:none;stroke:#1e2935;stroke-width:${fmt(px * 0.6)}}.sd,.hl,.st{display:none}` +
        `.dm{fill:none;stroke:#5b6b7b;stroke-width:${fmt(px * 0.75)}}.da{fill:#5b6b7b}` +
        `.dt{font:${fmt(px * 13)}px Arial,Helvetica,sans-serif;fill:#263340;text-anchor:middle}`,
    };
  }
  if (mode === "ghost") {
    return {
      defs,
      css: `.c,.b,.a,.m,.dr,.k,.f,.l,.o,.r,.t,.t2,.hb,.nt,.wd,.we{fill:#dde1e6}.g,.rm{fill:#e6e9ed}.rd{fill:#dde1e6}.ln,.ds,.sd,.hl,.st{display:none}`,
    };
  }
  const edge = `stroke:#0b121a;stroke-opacity:.3;stroke-width:${fmt(px)};stroke-linejoin:round`;
  return {
    defs:
      defs +
      painted("cg", look.cab) +
      painted("bg", look.cargo) +
      painted("ag", look.accent) +
      linear("dg", [
        [0, lighten(look.cargo, 0.5)],
        [0.5, look.cargo],
        [1, darken(look.cargo, 0.3)],
      ]) +
      linear("mg", [
        [0, "#f6f8fa"],
        [0.5, "#c3cad2"],
        [1, "#87919c"],
      ]) +
      linear(
        "rg",
        [
          [0, "#f4f6f8"],
          [1, "#9aa3ad"],
        ],
        1,
        1,
      ) +
      linear(
        "gg",
        [
          [0, "#5b6f84"],
          [0.55, "#2a3644"],
          [1, "#161d26"],
        ],
        0.4,
        1,
      ) +
      linear("wg", [
        [0, "#b8834c"],
        [0.5, "#94622f"],
        [1, "#6b4420"],
      ]),
    css:
      `.c{fill:url(#cg)}.b{fill:url(#bg)}.a{fill:url(#ag)}.m{fill:url(#mg)}.dr{fill:url(#dg)}.g{fill:url(#gg)}.wd{fill:url(#wg)}` +
      `.c,.b,.a,.m,.dr,.l,.we,.wd{${edge}}.k{fill:#2b3036}.f{fill:#1c2025}.l{fill:#f1f4f6}.o{fill:#f3a32b}.r{fill:#c9252b}` +
      `.t{fill:#1a1d21}.t2{fill:#2a2e34}.rm{fill:url(#rg)}.rd{fill:#8d96a0}.hb{fill:#727b86}.nt{fill:#4a525b}.we{fill:#e2c28f}` +
      `.ln{fill:none;stroke:#0b121a;stroke-opacity:.35;stroke-width:${fmt(px)}}.sd{fill:#000;opacity:.14}.hl{fill:#fff;opacity:.24}` +
      `.st{fill:#0b121a;opacity:.28}.ds{fill:${look.accent}}`,
  };
}

// ---------------------------------------------------------------- side view

interface Side {
  svg: string;
  xmin: number;
  xmax: number;
  /** Where the headlight is, for night glows. */
  lamp: Pt;
}

interface SideOptions {
  /** Wheel rotation in degrees, for the hero animation. */
  wheelAngle?: number;
}

function drawSide(g: Geo, opts: SideOptions = {}): Side {
  const F = g.L;
  const R = F - CAB_LENGTH;
  const front = g.axles.slice(0, g.frontAxles);
  const rear = g.axles.slice(g.frontAxles);
  const xf = front[0];
  const back: string[] = [];
  const mid: string[] = [];
  const over: string[] = [];
  let xmin = 0;

  // Frame, tank, wheels.
  back.push(rect("f", 0, 880, R + 200, FRAME_TOP - 880));
  const tankFrom = rear[0] + 660;
  const tankTo = Math.min(R, front[front.length - 1] - 660) - 60;
  if (g.body !== "pump" && tankTo - tankFrom > 700) {
    const len = Math.min(tankTo - tankFrom, g.lng ? 1900 : 1600);
    const x = tankTo - len;
    if (g.lng) {
      back.push(
        rect("m", x, 300, len, 820, 400),
        rect("ln", x + 420, 330, 1, 760),
        rect("ln", x + len - 420, 330, 1, 760),
      );
      back.push(rect("o", x + len / 2 - 220, 640, 440, 150, 40));
    } else {
      back.push(rect("m", x, 430, len, 560, 170), rect("hl", x + 120, 860, len - 240, 50, 25));
      back.push(
        rect("k", x + len * 0.22, 420, 55, 580),
        rect("k", x + len * 0.72, 420, 55, 580),
        rect("k", x + len - 300, 990, 160, 70, 20),
      );
    }
    if (x - tankFrom > 550) back.push(rect("k", x - 560, 500, 480, 480, 40), rect("ln", x - 560, 880, 480, 1));
  }
  if (g.skirts && tankTo - tankFrom > 700) {
    over.push(
      rect("c", tankFrom - 60, 360, tankTo - tankFrom + 120, 720, 80),
      rect("hl", tankFrom, 980, tankTo - tankFrom, 40, 20),
    );
  }
  const angle = opts.wheelAngle ?? 0;
  const wheel = (id: string, x: number) =>
    angle
      ? `<use href="#${id}" transform="translate(${fmt(x)} ${-TYRE}) rotate(${fmt(angle)})"/>`
      : `<use href="#${id}" x="${fmt(x)}" y="${-TYRE}"/>`;
  const wheels = [...front.map((x) => wheel("w", x)), ...rear.map((x) => wheel("wr", x))];
  const guards = [...front.slice(1), ...rear].map((x) => ring("k", x, TYRE, 650, 595, 12, 168));

  // Rear end: lights and, on rigid trucks, the underrun bar.
  if (g.body === "tractor") {
    back.push(rect("k", 0, 860, 90, 300), rect("r", -20, 960, 70, 150, 15));
  } else {
    back.push(rect("k", 130, 580, 70, 400), rect("k", 40, 420, 260, 170, 30), rect("r", 10, 960, 70, 130, 15));
  }

  // Body.
  const x1 = R - 150;
  const H = g.H;
  switch (g.body) {
    case "tractor": {
      const xc = rear.length > 1 ? (rear[0] + rear[1]) / 2 + 200 : rear[0] + 250;
      mid.push(rect("f", xc - 380, FRAME_TOP, 760, 70));
      mid.push(
        poly("k", [
          [xc - 660, FRAME_TOP + 110],
          [xc - 420, FRAME_TOP + 210],
          [xc + 520, FRAME_TOP + 210],
          [xc + 570, FRAME_TOP + 100],
          [xc + 500, FRAME_TOP + 70],
          [xc - 430, FRAME_TOP + 70],
        ]),
      );
      break;
    }
    case "dump": {
      const bx = R - 400;
      const top = H - 330;
      mid.push(rect("f", 250, FRAME_TOP, bx - 250, 150), circle("k", 330, FRAME_TOP + 150, 90));
      mid.push(
        rect("k", bx + 130, FRAME_TOP + 40, 180, 820, 30),
        rect("m", bx + 160, FRAME_TOP + 840, 120, top - FRAME_TOP - 1100, 20),
      );
      mid.push(
        poly("b", [
          [0, 1800],
          [450, 1280],
          [bx, 1280],
          [bx, top],
          [0, top],
        ]),
      );
      mid.push(rect("sd", 450, 1280, bx - 450, 110));
      const ribs = Math.max(3, Math.round((bx - 900) / 850));
      for (let i = 0; i <= ribs; i++) {
        const x = 800 + ((bx - 1250) * i) / ribs;
        mid.push(rect("sd", x, 1390, 80, top - 1560), rect("hl", x - 30, 1390, 30, top - 1560));
      }
      mid.push(rect("b", -40, top - 170, bx + 40, 170), rect("sd", 0, top - 210, bx, 40));
      // The front wall stands above the sides and carries a visor over the cab roof.
      over.push(
        poly("b", [
          [bx - 60, top - 170],
          [bx - 60, H],
          [bx + 950, H],
          [bx + 990, H - 130],
          [bx + 60, H - 170],
          [bx + 60, top - 170],
        ]),
      );
      over.push(rect("hl", bx - 40, H - 45, 960, 25), rect("sd", bx + 60, H - 170, 880, 40));
      break;
    }
    case "mixer": {
      mid.push(rect("f", 200, FRAME_TOP, x1 - 200, 150));
      mid.push(rect("m", x1 - 620, SUBFRAME_TOP, 520, 1250, 140), rect("hl", x1 - 560, SUBFRAME_TOP + 100, 60, 1050));
      mid.push(
        poly("k", [
          [x1 - 1250, SUBFRAME_TOP],
          [x1 - 700, SUBFRAME_TOP],
          [x1 - 760, 2250],
          [x1 - 1190, 2250],
        ]),
      );
      const A: Pt = [x1 - 1000, 2150];
      const B: Pt = [720, H - 720];
      mid.push(
        poly("k", [
          [420, SUBFRAME_TOP],
          [900, SUBFRAME_TOP],
          [1250, B[1] - 250],
          [980, B[1] - 150],
        ]),
      );
      const len = Math.hypot(B[0] - A[0], B[1] - A[1]);
      const dir: Pt = [(B[0] - A[0]) / len, (B[1] - A[1]) / len];
      const n: Pt = [dir[1], -dir[0]];
      const at = (u: number, r: number): Pt => [A[0] + dir[0] * u * len + n[0] * r, A[1] + dir[1] * u * len + n[1] * r];
      const profile: [number, number][] = [
        [0, 470],
        [0.27, 1130],
        [0.63, 1130],
        [0.94, 560],
        [1, 520],
      ];
      const outline = [...profile.map(([u, r]) => at(u, r)), ...[...profile].reverse().map(([u, r]) => at(u, -r))];
      mid.push(`<clipPath id="drum">${poly("", outline)}</clipPath>`, poly("dr", outline));
      const bands = [0.14, 0.34, 0.54, 0.74].map((u) => {
        const c = at(u, 0);
        const v: Pt = [n[0] + 0.6 * dir[0], n[1] + 0.6 * dir[1]];
        const w = 0.03 * len;
        const p = (k: number, j: number): Pt => [
          c[0] + 1400 * k * v[0] + w * j * dir[0],
          c[1] + 1400 * k * v[1] + w * j * dir[1],
        ];
        return poly("ds", [p(1, 1), p(1, -1), p(-1, -1), p(-1, 1)]);
      });
      mid.push(`<g clip-path="url(#drum)">${bands.join("")}</g>`);
      const band = (k0: number, k1: number, cls: string) =>
        poly(cls, [
          ...profile.map(([u, r]) => at(u, r * k0)),
          ...[...profile].reverse().map(([u, r]) => at(u, r * k1)),
        ]);
      mid.push(band(0.85, 0.55, "hl"), band(-0.55, -1, "sd"), poly("ln", outline));
      mid.push(
        poly("m", [
          [B[0] - 420, H],
          [B[0] + 420, H],
          [B[0] + 170, B[1] + 290],
          [B[0] - 130, B[1] + 290],
        ]),
      );
      mid.push(
        poly("k", [
          [B[0] - 60, B[1] - 60],
          [B[0] + 150, B[1] - 220],
          [120, 1620],
          [-60, 1760],
        ]),
      );
      xmin = -100;
      break;
    }
    case "pump": {
      // Three boom sections in a Z fold: one behind the cab, two stacked above it.
      const yb = g.yt + 120;
      mid.push(rect("f", 0, FRAME_TOP, x1, 150));
      mid.push(
        rect("k", 120, 900, 80, 300),
        poly("m", [
          [-250, 1500],
          [750, 1500],
          [560, 820],
          [-80, 820],
        ]),
        rect("ln", -200, 1420, 900, 1),
      );
      mid.push(
        rect("a", x1 - 1500, 720, 1300, 300, 40),
        rect("k", x1 - 1450, 280, 200, 440, 30),
        rect("k", x1 - 1530, 230, 360, 60, 20),
      );
      mid.push(rect("a", rear[0] + 700, 720, 1300, 300, 40), rect("k", rear[0] + 1750, 280, 200, 440, 30));
      mid.push(rect("a", x1 - 1300, SUBFRAME_TOP, 1050, 600, 60), rect("k", x1 - 1250, SUBFRAME_TOP + 600, 950, 120));
      mid.push(
        poly("a", [
          [x1 - 1200, SUBFRAME_TOP + 720],
          [x1 - 380, SUBFRAME_TOP + 720],
          [x1 - 480, 2800],
          [x1 - 1100, 2800],
        ]),
        rect("sd", x1 - 1200, SUBFRAME_TOP + 720, 820, 60),
      );
      mid.push(rect("k", R - 240, SUBFRAME_TOP, 130, yb - SUBFRAME_TOP));
      const seg = (x: number, y: number, w: number, h: number) =>
        rect("a", x, y, w, h, 50) +
        rect("hl", x + 40, y + h - 70, w - 80, 35) +
        rect("sd", x + 40, y, w - 80, h * 0.28) +
        rect("m", x + 80, y + h * 0.42, w - 160, 55, 20);
      mid.push(seg(300, 2230, x1 - 1250, 440));
      over.push(
        rect("a", 100, 2230, 400, yb + 400 - 2230, 60),
        circle("k", 300, 2450, 130),
        circle("nt", 300, 2450, 45),
      );
      over.push(seg(150, yb, F - 300, 400), seg(1150, yb + 420, F - 1700, H - yb - 420));
      over.push(
        rect("a", F - 480, yb, 330, H - yb, 60),
        circle("k", F - 315, yb + 410, 130),
        circle("nt", F - 315, yb + 410, 45),
      );
      over.push(rect("k", 1080, 1900, 70, yb + 420 - 1900, 25), rect("k", 1050, 1850, 130, 90, 30));
      xmin = -250;
      break;
    }
    case "crane": {
      const xp = x1 - 950;
      mid.push(rect("f", 0, FRAME_TOP, x1, 150));
      mid.push(
        rect("k", 0, SUBFRAME_TOP, xp, 160),
        rect("b", 0, SUBFRAME_TOP + 160, xp, 520),
        rect("hl", 0, SUBFRAME_TOP + 620, xp, 40),
      );
      for (let x = 1150; x < xp - 400; x += 1150) mid.push(rect("sd", x, SUBFRAME_TOP + 160, 50, 520));
      mid.push(rect("k", xp - 90, SUBFRAME_TOP, 90, 1250, 20));
      mid.push(
        rect("k", x1 - 1020, 640, 980, 420, 30),
        rect("k", x1 - 960, 260, 150, 400),
        rect("k", x1 - 1030, 210, 290, 60, 20),
      );
      mid.push(rect("a", x1 - 900, SUBFRAME_TOP, 760, 460, 40), rect("k", x1 - 980, SUBFRAME_TOP + 480, 80, 360, 20));
      mid.push(
        poly("a", [
          [x1 - 830, SUBFRAME_TOP + 460],
          [x1 - 220, SUBFRAME_TOP + 460],
          [x1 - 300, H - 420],
          [x1 - 760, H - 420],
        ]),
      );
      mid.push(bar("m", [x1 - 620, SUBFRAME_TOP + 750], [x1 - 2100, H - 380], 170));
      mid.push(rect("k", x1 - 4500, SUBFRAME_TOP + 680, 130, H - 400 - SUBFRAME_TOP - 680));
      const tip = x1 - 6300;
      mid.push(
        rect("a", tip, H - 340, 1200, 250, 30),
        rect("a", x1 - 5300, H - 370, 1600, 310, 40),
        rect("a", x1 - 3900, H - 400, 3550, 370, 50),
      );
      mid.push(rect("hl", x1 - 3850, H - 90, 3450, 35), circle("k", tip, H - 215, 150), circle("nt", tip, H - 215, 45));
      mid.push(rect("k", tip - 10, H - 1350, 20, 1000), rect("k", tip - 110, H - 1600, 220, 270, 40));
      mid.push(
        path_(
          "k",
          d()
            .M(tip - 20, H - 1600)
            .L(tip - 20, H - 1780)
            .Q(tip - 20, H - 1900, tip - 140, H - 1900)
            .Q(tip - 240, H - 1900, tip - 240, H - 1800)
            .L(tip - 180, H - 1800)
            .Q(tip - 180, H - 1850, tip - 140, H - 1850)
            .Q(tip + 30, H - 1850, tip + 30, H - 1780)
            .L(tip + 30, H - 1600)
            .Z(),
        ),
      );
      break;
    }
    case "multilift": {
      const xc = x1 - 1000;
      const top = H - 300;
      mid.push(
        rect("f", 0, FRAME_TOP, x1, 150),
        circle("k", 230, FRAME_TOP + 60, 150),
        circle("nt", 230, FRAME_TOP + 60, 50),
      );
      mid.push(rect("a", x1 - 1900, SUBFRAME_TOP, 1500, 230, 40));
      mid.push(rect("b", -100, 1380, xc + 100, top - 1380), rect("k", -100, 1380, xc + 100, 130));
      const ribs = Math.round((xc - 300) / 750);
      for (let i = 0; i <= ribs; i++) {
        const x = 200 + ((xc - 450) * i) / ribs;
        mid.push(rect("sd", x, 1510, 70, top - 1700), rect("hl", x - 30, 1510, 30, top - 1700));
      }
      mid.push(
        rect("sd", -100, top - 190, xc + 100, 50),
        rect("b", -140, top - 140, xc + 180, 140),
        circle("k", 40, 1330, 110),
      );
      mid.push(
        poly("k", [
          [xc, 1380],
          [xc + 110, 1380],
          [xc + 210, top - 40],
          [xc + 100, top - 40],
        ]),
        circle("k", x1 - 860, H - 380, 75),
        circle("nt", x1 - 860, H - 380, 30),
      );
      mid.push(bar("m", [x1 - 1750, SUBFRAME_TOP + 180], [x1 - 520, H - 1300], 140));
      mid.push(
        poly("a", [
          [x1 - 650, SUBFRAME_TOP + 100],
          [x1 - 370, SUBFRAME_TOP + 100],
          [x1 - 370, H],
          [x1 - 920, H],
          [x1 - 920, H - 300],
          [x1 - 820, H - 300],
          [x1 - 820, H - 140],
          [x1 - 650, H - 140],
        ]),
      );
      mid.push(rect("hl", x1 - 420, SUBFRAME_TOP + 150, 30, H - SUBFRAME_TOP - 200));
      xmin = -140;
      break;
    }
    case "timber": {
      const rnd = random(seedOf(g.name));
      mid.push(rect("f", 0, FRAME_TOP, x1, 150), rect("k", 0, SUBFRAME_TOP, x1 - 300, 140));
      const rows = Math.floor((H - 200 - (SUBFRAME_TOP + 140)) / 400);
      for (let i = 0; i < rows; i++) {
        const y = SUBFRAME_TOP + 140 + i * 400;
        const xs = -750 + rnd() * 350;
        const xe = x1 - 380 - rnd() * 250;
        mid.push(
          rect("wd", xs, y, xe - xs, 390, 60),
          rect("hl", xs + 80, y + 270, xe - xs - 160, 45),
          rect("sd", xs + 80, y, xe - xs - 160, 70),
        );
        mid.push(ellipse("we", xs, y + 195, 75, 190), ellipse("ln", xs, y + 195, 35, 95));
        xmin = Math.min(xmin, xs - 80);
      }
      for (const x of [350, (x1 - 300) / 2 - 70, x1 - 1700])
        mid.push(
          rect("k", x, SUBFRAME_TOP + 140, 140, H - SUBFRAME_TOP - 240, 20),
          rect("k", x - 20, H - 150, 180, 50, 10),
        );
      mid.push(
        rect("k", x1 - 300, SUBFRAME_TOP, 230, H - SUBFRAME_TOP - 50, 30),
        rect("hl", x1 - 270, SUBFRAME_TOP + 100, 40, H - SUBFRAME_TOP - 250),
      );
      break;
    }
  }

  // Cab.
  const yt = g.yt;
  const cab: string[] = [];
  const dH = g.body === "tractor" ? H - yt : 0;
  if (dH > 300)
    cab.push(
      poly("c", [
        [R, 1500],
        [R - 210, 1650],
        [R - 210, yt - 200],
        [R, yt - 80],
      ]),
    );
  if (dH > 80) {
    cab.push(
      path_(
        "c",
        d()
          .M(F - 780, yt - 10)
          .C(F - 1120, yt + dH * 0.85, R + 950, yt + dH, R + 320, yt + dH)
          .L(R + 120, yt + dH - 50)
          .L(R + 80, yt - 10)
          .Z(),
      ),
    );
  }
  const dx = Math.sqrt(620 ** 2 - (820 - TYRE) ** 2);
  cab.push(
    path_(
      "c",
      d()
        .M(R, 950)
        .L(R, yt - 160)
        .Q(R, yt, R + 160, yt)
        .L(F - 430, yt)
        .Q(F - 215, yt, F - 180, yt - 170)
        .L(F - 45, yt - 1150)
        .L(F, yt - 1330)
        .L(F, 820)
        .L(xf + dx, 820)
        .A(620, 0, 0, xf - dx, 820)
        .L(R + 60, 820)
        .Z(),
    ),
  );
  cab.push(ring("k", xf, TYRE, 620, 565, 0, 180));
  cab.push(rect("hl", R + 170, yt - 110, F - R - 620, 45, 20));
  cab.push(
    poly("g", [
      [F - 180, yt - 170],
      [F - 45, yt - 1150],
      [F - 110, yt - 1150],
      [F - 245, yt - 185],
    ]),
  );
  cab.push(
    path_(
      "g",
      d()
        .M(F - 1650, yt - 1250)
        .L(F - 1650, yt - 560)
        .Q(F - 1650, yt - 420, F - 1510, yt - 420)
        .L(F - 330, yt - 420)
        .L(F - 190, yt - 1250)
        .Z(),
    ),
  );
  cab.push(
    poly("hl", [
      [F - 1300, yt - 420],
      [F - 1060, yt - 420],
      [F - 1410, yt - 1250],
      [F - 1650, yt - 1250],
    ]),
  );
  if (g.body === "tractor" && yt > 3100) cab.push(rect("g", R + 190, yt - 1150, 400, 560, 80));
  cab.push(
    path_(
      "ln",
      d()
        .M(F - 1720, 1180)
        .L(F - 1720, yt - 330)
        .Q(F - 1720, yt - 290, F - 1680, yt - 290)
        .L(F - 250, yt - 290)
        .L(F - 95, yt - 1250)
        .L(F - 95, 1180)
        .Z(),
    ),
  );
  cab.push(rect("k", F - 1660, yt - 1430, 170, 45, 20), rect("m", F - 1800, 1450, 36, 900, 18));
  cab.push(
    g.j7
      ? rect("m", R + 40, 1330, F - R - 100, 45)
      : poly("st", [
          [R + 30, 1380],
          [F - 60, 1560],
          [F - 60, 1640],
          [R + 30, 1460],
        ]),
  );
  cab.push(
    rect("k", R + 40, 330, xf - 650 - R - 40, 560, 20),
    rect("m", R + 55, 390, xf - 680 - R - 40, 40),
    rect("m", R + 55, 650, xf - 680 - R - 40, 40),
  );
  cab.push(
    rect("k", F - 620, 400, 650, 430, 60),
    rect("sd", F - 620, 400, 650, 120, 40),
    circle("l", F - 100, 560, 55),
  );
  if (g.j7) cab.push(rect("c", F - 620, 650, 650, 180, 40));
  cab.push(rect("l", F - 290, 845, 300, 205, 60), rect("o", F - 280, 865, 70, 165, 25));
  cab.push(
    poly("k", [
      [F - 150, yt - 740],
      [F + 120, yt - 700],
      [F + 120, yt - 660],
      [F - 150, yt - 690],
    ]),
  );
  cab.push(rect("k", F + 70, yt - 1200, 130, 640, 50), rect("k", F + 80, yt - 1370, 110, 140, 30));

  const svg = [...back, ...wheels, ...guards, ...mid, ...cab, ...over].join("");
  return { svg, xmin: Math.min(xmin, -30), xmax: F + 210, lamp: [F, 950] };
}

// ---------------------------------------------------------------- front and back views (schemes only)

function mirrored(fn: (s: 1 | -1) => string) {
  return fn(1) + fn(-1);
}

function drawFront(g: Geo): string {
  const yt = g.yt;
  const H = g.H;
  const half = g.W / 2;
  const out: string[] = [];
  switch (g.body) {
    case "dump":
      out.push(
        rect("b", -half, 1280, g.W, H - 1280 - 110),
        rect("sd", -half, H - 330, g.W, 30),
        rect("b", -half + 40, H - 110, g.W - 80, 110),
      );
      break;
    case "mixer":
      out.push(
        circle("dr", 0, 2650, 1130),
        poly("m", [
          [-420, H],
          [420, H],
          [170, H - 400],
          [-170, H - 400],
        ]),
      );
      break;
    case "pump":
      out.push(
        rect("a", -650, yt + 130, 420, H - yt - 130, 30),
        rect("a", -210, yt + 130, 420, H - yt - 130, 30),
        rect("a", 230, yt + 130, 420, H - yt - 130, 30),
      );
      break;
    case "crane":
      out.push(rect("a", -380, yt - 200, 760, H - yt - 170, 40), rect("a", -240, H - 400, 480, 370, 40));
      break;
    case "multilift":
      out.push(rect("b", -half, 1380, g.W, H - 300 - 1380), rect("a", -220, yt - 300, 440, H - yt + 300, 30));
      break;
    case "timber":
      out.push(rect("k", -half + 40, yt - 300, g.W - 80, H - yt + 250, 40));
      for (let x = -900; x <= 900; x += 450) out.push(rect("l", x - 160, yt - 200, 320, H - yt + 40, 20));
      break;
    case "tractor":
      break;
  }
  out.push(
    mirrored(
      (s) =>
        rect("t", s * 1030 - 160, 0, 320, 1060, 90) +
        rect("ln", s * 1030 - 60, 40, 1, 980) +
        rect("ln", s * 1030 + 60, 40, 1, 980),
    ),
  );
  out.push(rect("f", -900, 280, 1800, 300, 40));
  out.push(rect("k", -half + 10, 400, g.W - 20, 430, 80), rect("l", -260, 470, 520, 112, 10));
  out.push(mirrored((s) => circle("l", s * 1000, 560, 60)));
  const dH = g.body === "tractor" ? H - yt : 0;
  if (dH > 80) {
    out.push(
      path_(
        "c",
        d()
          .M(-1000, yt - 10)
          .L(-900, yt + dH * 0.9)
          .Q(-870, yt + dH, -780, yt + dH)
          .L(780, yt + dH)
          .Q(870, yt + dH, 900, yt + dH * 0.9)
          .L(1000, yt - 10)
          .Z(),
      ),
    );
  }
  out.push(
    path_(
      "c",
      d()
        .M(-1235, 830)
        .L(1235, 830)
        .L(1235, yt - 1250)
        .L(1205, yt - 250)
        .Q(1185, yt, 980, yt)
        .L(-980, yt)
        .Q(-1185, yt, -1205, yt - 250)
        .L(-1235, yt - 1250)
        .Z(),
    ),
  );
  out.push(
    path_(
      "g",
      d()
        .M(-1120, yt - 1230)
        .L(1120, yt - 1230)
        .L(1060, yt - 330)
        .Q(1040, yt - 250, 950, yt - 250)
        .L(-950, yt - 250)
        .Q(-1040, yt - 250, -1060, yt - 330)
        .Z(),
    ),
  );
  out.push(
    poly("hl", [
      [-700, yt - 250],
      [-350, yt - 250],
      [-850, yt - 1230],
      [-1120, yt - 1230],
    ]),
  );
  out.push(rect("k", -1000, yt - 260, 2000, 120, 40));
  out.push(mirrored((s) => bar("k", [s * 980, yt - 1200], [s * 250, yt - 1130], 30)));
  const grille = yt - 1330;
  out.push(
    poly("k", [
      [-820, 1100],
      [820, 1100],
      [880, grille],
      [-880, grille],
    ]),
  );
  for (let y = 1250; y < grille - 100; y += 190) out.push(rect("c", -860, y, 1720, 70, 20));
  out.push(rect("m", -170, (1100 + grille) / 2 - 80, 340, 160, 50));
  out.push(
    mirrored(
      (s) => rect("l", s > 0 ? 820 : -1200, 850, 380, 210, 50) + rect("o", s > 0 ? 1110 : -1190, 870, 80, 170, 20),
    ),
  );
  out.push(
    mirrored(
      (s) =>
        rect("k", s > 0 ? 1235 : -1400, yt - 730, 165, 40) +
        rect("k", s > 0 ? 1375 : -1515, yt - 1260, 140, 660, 50) +
        rect("k", s > 0 ? 1370 : -1500, yt - 1430, 130, 150, 30),
    ),
  );
  return out.join("");
}

function drawBack(g: Geo): string {
  const H = g.H;
  const yt = g.yt;
  const half = g.W / 2;
  const out: string[] = [];
  const cabBack = () =>
    path_(
      "c",
      d()
        .M(-1235, 950)
        .L(1235, 950)
        .L(1235, yt - 160)
        .Q(1235, yt, 1075, yt)
        .L(-1075, yt)
        .Q(-1235, yt, -1235, yt - 160)
        .Z(),
    );
  const dH = g.body === "tractor" ? H - yt : 0;
  if (dH > 80)
    out.push(
      path_(
        "c",
        d()
          .M(-1000, yt - 10)
          .L(-900, yt + dH * 0.9)
          .Q(-870, yt + dH, -780, yt + dH)
          .L(780, yt + dH)
          .Q(870, yt + dH, 900, yt + dH * 0.9)
          .L(1000, yt - 10)
          .Z(),
      ),
    );
  out.push(cabBack());
  out.push(
    mirrored((s) =>
      [765, 1095]
        .map(
          (c) =>
            rect("t", s * c - 150, 0, 300, 1060, 80) +
            rect("ln", s * c - 50, 40, 1, 980) +
            rect("ln", s * c + 50, 40, 1, 980),
        )
        .join(""),
    ),
  );
  out.push(rect("f", -800, 380, 1600, 300, 60), ellipse("f", 0, 530, 330, 300));
  out.push(rect("f", -520, 880, 90, 250), rect("f", 430, 880, 90, 250), rect("f", -520, 980, 1040, 80));
  out.push(mirrored((s) => rect("k", s > 0 ? 640 : -1280, 1080, 640, 70, 20)));
  switch (g.body) {
    case "tractor":
      out.push(
        rect("f", -350, FRAME_TOP, 700, 70),
        poly("k", [
          [-470, FRAME_TOP + 70],
          [470, FRAME_TOP + 70],
          [430, FRAME_TOP + 210],
          [-430, FRAME_TOP + 210],
        ]),
        rect("t", -60, FRAME_TOP + 150, 120, 60),
      );
      out.push(circle("o", 500, 1750, 55), circle("r", 650, 1750, 55), circle("k", 800, 1750, 55));
      out.push(rect("k", -1150, 800, 2300, 80, 20));
      break;
    case "dump": {
      const top = H - 330;
      out.push(rect("b", -half + 60, H - 110, g.W - 120, 110));
      out.push(rect("b", -half, 1280, g.W, top - 1280), rect("ln", -half + 120, 1400, g.W - 240, top - 1600, 20));
      out.push(
        rect("b", -half - 20, top - 170, g.W + 40, 170),
        mirrored((s) => rect("k", s > 0 ? half - 250 : -half + 70, top - 260, 180, 180, 30)),
      );
      out.push(rect("k", -1150, 450, 2300, 130, 20));
      break;
    }
    case "mixer":
      out.push(
        circle("dr", 0, 2650, 1130),
        mirrored((s) => rect("k", s > 0 ? 550 : -750, SUBFRAME_TOP, 200, 1500)),
      );
      out.push(
        circle("k", 0, H - 720, 500),
        poly("m", [
          [-420, H],
          [420, H],
          [170, H - 400],
          [-170, H - 400],
        ]),
      );
      out.push(
        poly("k", [
          [-200, H - 900],
          [200, H - 900],
          [130, 1500],
          [-130, 1500],
        ]),
      );
      out.push(
        rect("k", 900, SUBFRAME_TOP, 40, H - 700 - SUBFRAME_TOP),
        rect("k", 1150, SUBFRAME_TOP, 40, H - 700 - SUBFRAME_TOP),
      );
      for (let y = SUBFRAME_TOP + 250; y < H - 700; y += 300) out.push(rect("k", 900, y, 290, 30));
      out.push(rect("k", -1150, 450, 2300, 130, 20));
      break;
    case "multilift": {
      const top = H - 300;
      out.push(
        rect("b", -half - 20, 1380, g.W + 40, top - 1380),
        rect("ln", -half + 80, 1500, g.W - 160, top - 1600),
        rect("ln", 0, 1500, 1, top - 1600),
      );
      for (const x of [-900, -350, 350, 900]) out.push(rect("k", x - 25, 1450, 50, top - 1520, 20));
      out.push(
        mirrored((s) => circle("k", s * 1000, 1330, 110)),
        rect("k", -1150, 450, 2300, 130, 20),
      );
      break;
    }
    case "timber": {
      out.push(rect("k", -half, SUBFRAME_TOP, g.W, 140));
      const r = 190;
      for (let row = 0, y = SUBFRAME_TOP + 140 + r; y + r < H - 150; row++, y += 330) {
        for (let x = -1150 + r + (row % 2) * r; x + r <= 1150; x += 2 * r)
          out.push(circle("we", x, y, r - 8), circle("ln", x, y, 80));
      }
      out.push(mirrored((s) => rect("k", s > 0 ? 1160 : -1250, SUBFRAME_TOP + 140, 90, H - SUBFRAME_TOP - 240, 20)));
      out.push(rect("k", -1150, 450, 2300, 130, 20));
      break;
    }
    case "crane":
    case "pump":
      out.push(rect("a", -400, SUBFRAME_TOP, 800, H - SUBFRAME_TOP - 400), rect("a", -250, H - 400, 500, 370, 40));
      out.push(rect("b", -half, SUBFRAME_TOP, g.W, 680), rect("k", -1150, 450, 2300, 130, 20));
      break;
  }
  out.push(
    mirrored(
      (s) => rect("r", s > 0 ? 800 : -1150, 850, 350, 120, 20) + rect("o", s > 0 ? 1060 : -1150, 850, 90, 120, 20),
    ),
  );
  return out.join("");
}

// ---------------------------------------------------------------- scenes

interface Fit {
  s: number;
  tx: number;
  ty: number;
}

/** Scales a drawing spanning [x0, x1] × [y0, y1] (mm, y up) into a box and centres it. */
function fit(x0: number, x1: number, y0: number, y1: number, box: { x: number; y: number; w: number; h: number }): Fit {
  const s = Math.min(box.w / (x1 - x0), box.h / (y1 - y0));
  return {
    s,
    tx: box.x + (box.w - (x1 - x0) * s) / 2 - x0 * s,
    ty: box.y + (box.h + (y1 - y0) * s) / 2 + y0 * s,
  };
}

const group = (f: Fit, content: string) =>
  `<g transform="translate(${fmt(f.tx)} ${fmt(f.ty)}) scale(${+f.s.toFixed(5)})">${content}</g>`;

function svgDoc(w: number, h: number, defs: string, css: string, content: string) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs}</defs><style>${css}</style>${content}</svg>\n`;
}

const shadowDef = `<radialGradient id="sh"><stop offset="0" stop-color="#000" stop-opacity=".34"/><stop offset=".6" stop-color="#000" stop-opacity=".14"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`;

function shadow(f: Fit, L: number, ry = 16) {
  return `<ellipse cx="${fmt(f.tx + (L / 2) * f.s)}" cy="${fmt(f.ty)}" rx="${fmt((L / 2) * f.s * 1.1)}" ry="${fmt(ry)}" fill="url(#sh)"/>`;
}

function studio(top: string, bottom: string, floor: number) {
  return (
    linear("sky", [
      [0, top],
      [1, bottom],
    ]) +
    `<radialGradient id="fl" cy="0"><stop offset="0" stop-color="#fff" stop-opacity=".7"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>` +
    `|<rect width="800" height="600" fill="url(#sky)"/><ellipse cx="400" cy="${floor}" rx="420" ry="70" fill="url(#fl)"/>`
  );
}

type Backdrop = "studio" | "white" | "outdoor" | "night" | "close";

function backdrop(kind: Backdrop, slug: string, ground: number): { defs: string; svg: string } {
  const split = (s: string) => {
    const [defs, svg] = s.split("|");
    return { defs, svg };
  };
  if (kind === "studio") return split(studio("#f6f8fa", "#dde3ea", ground));
  if (kind === "white") return split(studio("#ffffff", "#eceff3", ground));
  if (kind === "close") return split(studio("#e9eef3", "#cdd6df", ground));
  if (kind === "night") {
    return {
      defs:
        linear("sky", [
          [0, "#0b1421"],
          [0.7, "#1c2a3c"],
          [1, "#121a24"],
        ]) +
        `<radialGradient id="glow"><stop offset="0" stop-color="#fff6d8" stop-opacity=".75"/><stop offset="1" stop-color="#fff6d8" stop-opacity="0"/></radialGradient>`,
      svg: `<rect width="800" height="600" fill="url(#sky)"/><rect y="${ground}" width="800" height="${600 - ground}" fill="#0d131b"/><rect y="${ground}" width="800" height="2" fill="#2b3a4d"/>`,
    };
  }
  // Outdoors: a Siberian roadside with taiga on the hills.
  const rnd = random(seedOf(slug));
  const hill = (base: number, amp: number, phase: number) => {
    let p = `M0 ${base}`;
    for (let x = 0; x <= 800; x += 20)
      p += `L${x} ${fmt(base - amp * (0.6 + 0.4 * Math.sin(x / 90 + phase)) * (0.7 + 0.3 * Math.sin(x / 37 + phase * 2)))}`;
    return `${p}L800 ${ground - 60}L0 ${ground - 60}Z`;
  };
  let trees = "";
  for (let x = -10; x < 810; x += 9 + rnd() * 14) {
    const h = 22 + rnd() * 26;
    const w = h * 0.28;
    const y = ground - 58 + rnd() * 6;
    trees += `M${fmt(x)} ${fmt(y)}l${fmt(w)} ${fmt(-h * 0.55)}l${fmt(-w * 0.55)} 0l${fmt(w * 0.55)} ${fmt(-h * 0.45)}l${fmt(w * 0.55)} ${fmt(h * 0.45)}l${fmt(-w * 0.55)} 0l${fmt(w)} ${fmt(h * 0.55)}Z`;
  }
  return {
    defs:
      linear("sky", [
        [0, "#9fc1dc"],
        [0.75, "#e3edf4"],
      ]) +
      linear("rd", [
        [0, "#5d646c"],
        [1, "#40464d"],
      ]),
    svg:
      `<rect width="800" height="600" fill="url(#sky)"/>` +
      `<path d="${hill(ground - 110, 90, rnd() * 6)}" fill="#a8bccd"/><path d="${hill(ground - 70, 50, rnd() * 6)}" fill="#7f9a8c"/>` +
      `<path d="${trees}" fill="#4d6b58"/><rect y="${ground - 62}" width="800" height="42" fill="#9fae86"/>` +
      `<rect y="${ground - 22}" width="800" height="${622 - ground}" fill="url(#rd)"/><rect y="${ground - 16}" width="800" height="3" fill="#e8ebee"/>` +
      `<path d="${Array.from({ length: 9 }, (_, i) => `M${i * 100 - 20} ${ground + 42}h55v4h-55Z`).join("")}" fill="#f1f3f5" opacity=".85"/>`,
  };
}

interface Variant {
  backdrop: Backdrop;
  color: "cab" | "alt";
  close?: boolean;
}

function picture(t: Truck, v: Variant): string {
  const g = geometryOf(t);
  const base = LOOKS[t.slug] ?? FALLBACK_LOOK;
  const look = v.color === "alt" ? { ...base, cab: base.alt } : base;
  const side = drawSide(g);
  let f: Fit;
  if (v.close) {
    const s = Math.min(620 / 2900, 500 / (g.yt + 400));
    const cx = g.L - 1150;
    const cy = g.yt / 2 + 150;
    f = { s, tx: 400 - cx * s, ty: 300 + cy * s };
  } else {
    const box = v.backdrop === "outdoor" ? { x: 50, y: 60, w: 700, h: 460 } : { x: 50, y: 80, w: 700, h: 420 };
    f = fit(side.xmin, side.xmax, 0, g.H, box);
    if (v.backdrop === "outdoor") f.ty = 520;
  }
  const bg = backdrop(v.backdrop, t.slug, f.ty);
  const st = sheet("color", look, 1 / f.s);
  let extra = "";
  if (v.backdrop === "night") {
    const [lx, ly] = side.lamp;
    const px = f.tx + lx * f.s;
    const py = f.ty - ly * f.s;
    extra =
      `<rect width="800" height="600" fill="#0a1220" opacity=".32"/>` +
      `<ellipse cx="${fmt(px + 150)}" cy="${fmt(f.ty + 4)}" rx="230" ry="34" fill="url(#glow)"/>` +
      `<circle cx="${fmt(px - 6)}" cy="${fmt(py)}" r="26" fill="url(#glow)"/>`;
  }
  return svgDoc(
    800,
    600,
    st.defs + bg.defs + shadowDef,
    st.css,
    bg.svg + shadow(f, g.L, v.close ? 40 : 16) + group(f, side.svg) + extra,
  );
}

function dims(kind: "h" | "v", a: number, b: number, at: number, label: string, px: number) {
  const arrow = 8 * px;
  const wing = 2.6 * px;
  if (kind === "h") {
    const y = -at;
    return (
      `<path class="dm" d="M${fmt(a)} ${fmt(y)}H${fmt(b)}"/>` +
      `<path class="da" d="M${fmt(a)} ${fmt(y)}l${fmt(arrow)} ${fmt(-wing)}v${fmt(2 * wing)}ZM${fmt(b)} ${fmt(y)}l${fmt(-arrow)} ${fmt(-wing)}v${fmt(2 * wing)}Z"/>` +
      `<text class="dt" x="${fmt((a + b) / 2)}" y="${fmt(y - 4 * px)}">${label}</text>`
    );
  }
  const x = at;
  return (
    `<path class="dm" d="M${fmt(x)} ${fmt(-a)}V${fmt(-b)}"/>` +
    `<path class="da" d="M${fmt(x)} ${fmt(-a)}l${fmt(-wing)} ${fmt(-arrow)}h${fmt(2 * wing)}ZM${fmt(x)} ${fmt(-b)}l${fmt(-wing)} ${fmt(arrow)}h${fmt(2 * wing)}Z"/>` +
    `<text class="dt" transform="translate(${fmt(x - 5 * px)} ${fmt(-(a + b) / 2)}) rotate(-90)">${label}</text>`
  );
}

/** Extension lines from the drawing down (or across) to a dimension line. */
function extension(points: Pt[], px: number) {
  return `<path class="dm" d="${points.map(([x, y], i) => `${i % 2 ? "L" : "M"}${fmt(x)} ${fmt(-y)}`).join("")}" stroke-dasharray="${fmt(4 * px)} ${fmt(3 * px)}"/>`;
}

function scheme(t: Truck, view: "side" | "front" | "back"): string {
  const g = geometryOf(t);
  const look = LOOKS[t.slug] ?? FALLBACK_LOOK;
  const box = { x: 30, y: 46, w: 740, h: 500 };
  let f: Fit;
  let content: string;
  let annotations: (px: number) => string;
  if (view === "side") {
    const side = drawSide(g);
    f = fit(side.xmin - 700, side.xmax + 150, -650, g.H + 150, box);
    content = side.svg;
    annotations = (px) => {
      const out: string[] = [];
      out.push(
        extension(
          [
            [0, 700],
            [0, -520],
            [g.L, 700],
            [g.L, -520],
          ],
          px,
        ),
      );
      out.push(dims("h", 0, g.L, -470, String(g.L), px));
      out.push(
        extension(
          g.axles.flatMap((x): Pt[] => [
            [x, 40],
            [x, -300],
          ]),
          px,
        ),
      );
      for (let i = 1; i < g.axles.length; i++)
        out.push(dims("h", g.axles[i], g.axles[i - 1], -250, String(g.axles[i - 1] - g.axles[i]), px));
      const hx = side.xmin - 420;
      out.push(
        extension(
          [
            [hx - 80, g.H],
            [g.L - 1500, g.H],
          ],
          px,
        ),
      );
      out.push(dims("v", 0, g.H, hx, String(g.H), px));
      return out.join("");
    };
  } else {
    const half = g.W / 2;
    f = fit(-1700, 2150, -600, g.H + 150, box);
    content = view === "front" ? drawFront(g) : drawBack(g);
    annotations = (px) => {
      const out: string[] = [];
      out.push(
        extension(
          [
            [-half, 350],
            [-half, -500],
            [half, 350],
            [half, -500],
          ],
          px,
        ),
      );
      out.push(dims("h", -half, half, -450, String(g.W), px));
      const track = view === "front" ? 2050 : 1860;
      out.push(
        extension(
          [
            [-track / 2, 0],
            [-track / 2, -280],
            [track / 2, 0],
            [track / 2, -280],
          ],
          px,
        ),
      );
      out.push(dims("h", -track / 2, track / 2, -230, String(track), px));
      out.push(
        extension(
          [
            [600, g.H],
            [1950, g.H],
          ],
          px,
        ),
      );
      out.push(dims("v", 0, g.H, 1850, String(g.H), px));
      return out.join("");
    };
  }
  const px = 1 / f.s;
  const st = sheet("line", look, px);
  const title = { side: "Вид сбоку", front: "Вид спереди", back: "Вид сзади" }[view];
  const frame =
    `<rect width="800" height="600" fill="#fff"/><rect x="8.5" y="8.5" width="783" height="583" fill="none" stroke="#c9d1d9"/>` +
    `<text x="24" y="34" style="font:600 13px Arial,Helvetica,sans-serif;letter-spacing:.08em;fill:#5b6b7b">${title.toUpperCase()}</text>` +
    `<text x="776" y="578" style="font:11px Arial,Helvetica,sans-serif;fill:#7b8a99;text-anchor:end">${escapeXml(t.name)} · размеры в мм</text>`;
  const groundLine = `<path class="dm" d="M${fmt(view === "side" ? -900 : -1600)} 0H${fmt(view === "side" ? g.L + 400 : 1650)}"/>`;
  return svgDoc(800, 600, st.defs, st.css, frame + group(f, groundLine + content + annotations(px)));
}

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

// ---------------------------------------------------------------- placeholder and category tiles

function placeholder(): string {
  const t = ALL_TRUCKS.find((truck) => truck.slug === "faw-j7-6x4-460") ?? ALL_TRUCKS[0];
  const g = geometryOf(t);
  const side = drawSide(g);
  const f = fit(side.xmin, side.xmax, 0, g.H, { x: 230, y: 190, w: 340, h: 220 });
  const st = sheet("ghost", FALLBACK_LOOK, 1 / f.s);
  return svgDoc(800, 600, st.defs, st.css, `<rect width="800" height="600" fill="#eceff3"/>` + group(f, side.svg));
}

function categoryTile(slug: string, truckSlug: string): string {
  const t = ALL_TRUCKS.find((truck) => truck.slug === truckSlug);
  if (!t) throw new Error(`Category tile ${slug}: no truck ${truckSlug}`);
  const g = geometryOf(t);
  const look = LOOKS[t.slug] ?? FALLBACK_LOOK;
  const side = drawSide(g);
  const f = fit(side.xmin, side.xmax, 0, g.H, { x: 70, y: 110, w: 660, h: 380 });
  const st = sheet("color", look, 1 / f.s);
  const bg =
    linear("sky", [
      [0, "#f4f6f9"],
      [1, "#dfe5ec"],
    ]) +
    `<radialGradient id="halo"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`;
  const scene =
    `<rect width="800" height="600" fill="url(#sky)"/><circle cx="470" cy="250" r="300" fill="url(#halo)"/>` +
    `<path d="M0 ${fmt(f.ty)}H800V600H0Z" fill="#d5dce4" opacity=".55"/>`;
  return svgDoc(800, 600, st.defs + bg + shadowDef, st.css, scene + shadow(f, g.L, 18) + group(f, side.svg));
}

// ---------------------------------------------------------------- hero video frames

const HERO = { w: 1280, h: 720, fps: 25, seconds: 7, cols: 5, rows: 5 };

/**
 * One frame of the hero loop: a J7 driving at dusk. Every moving layer travels a
 * whole number of its own repeat in the clip, and the wheels a whole number of their
 * 72° symmetry, so the last frame runs into the first without a jump.
 */
function heroFrame(i: number, frames: number, g: Geo, side: (angle: number) => string): { defs: string; svg: string } {
  const { w, h } = HERO;
  const p = i / frames;
  const ground = 600;
  const s = 0.083;
  const tx = 1190 - g.L * s;
  const rnd = random(7);
  const hillPeriod = 640;
  const hillShift = (p * hillPeriod) % hillPeriod;
  const roadShift = (p * 1200) % 400;
  const postShift = (p * 1200) % 300;
  const hillY = (x: number) =>
    470 -
    26 * Math.sin((2 * Math.PI * x) / hillPeriod + 1.3) -
    14 * Math.sin((4 * Math.PI * x) / hillPeriod + 0.4) -
    8 * Math.sin((10 * Math.PI * x) / hillPeriod);
  let hills = `M0 ${fmt(hillY(0))}`;
  for (let x = 16; x <= w + hillPeriod; x += 16) hills += `L${x} ${fmt(hillY(x))}`;
  hills += `L${w + hillPeriod} 560L0 560Z`;
  let trees = "";
  const treeRnd = random(11);
  const base: [number, number][] = [];
  for (let x = 0; x < hillPeriod; x += 7 + treeRnd() * 11) base.push([x, 12 + treeRnd() * 18]);
  for (let k = 0; k * hillPeriod < w + hillPeriod; k++) {
    for (const [x0, th] of base) {
      const x = x0 + k * hillPeriod;
      const y = hillY(x) + 3;
      const tw = th * 0.3;
      trees += `M${fmt(x)} ${fmt(y)}l${fmt(tw)} ${fmt(-th * 0.55)}h${fmt(-tw * 0.5)}l${fmt(tw * 0.5)} ${fmt(-th * 0.45)}l${fmt(tw * 0.5)} ${fmt(th * 0.45)}h${fmt(-tw * 0.5)}l${fmt(tw)} ${fmt(th * 0.55)}Z`;
    }
  }
  let mountains = "M0 440";
  for (let x = 0; x <= w; x += 20)
    mountains += `L${x} ${fmt(420 - 60 * Math.abs(Math.sin(x / 260 + 0.6)) - 25 * Math.sin(x / 77))}`;
  mountains += `L${w} 560L0 560Z`;
  let stars = "";
  for (let k = 0; k < 60; k++)
    stars += `<circle cx="${fmt(rnd() * w)}" cy="${fmt(rnd() * 330)}" r="${fmt(0.5 + rnd() * 1.1)}" fill="#fff" opacity="${fmt(0.2 + rnd() * 0.6)}"/>`;
  const dashes = Array.from({ length: 5 }, (_, k) => `M${fmt(k * 400 - roadShift)} 668h190v5h-190Z`).join("");
  const posts = Array.from({ length: 6 }, (_, k) => `M${fmt(k * 300 - postShift + 40)} 548h5v30h-5Z`).join("");
  const reflectors = Array.from({ length: 6 }, (_, k) => `M${fmt(k * 300 - postShift + 40)} 552h5v5h-5Z`).join("");
  const lampX = tx + g.L * s;
  const lampY = ground - 950 * s;
  // The road moves 1200 px per loop; round the matching wheel turn to the rim's 72° symmetry.
  const loopTurn = Math.round(((1200 / (TYRE * s)) * (180 / Math.PI)) / 72) * 72;
  const wheelAngle = p * loopTurn;
  const defs =
    linear("hs", [
      [0, "#060b14"],
      [0.55, "#0f1b2c"],
      [0.78, "#24344a"],
      [1, "#2b2a36"],
    ]) +
    `<radialGradient id="hg" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="#f0a35a" stop-opacity=".42"/><stop offset="1" stop-color="#f0a35a" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="beam" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff4d6" stop-opacity=".38"/><stop offset="1" stop-color="#fff4d6" stop-opacity="0"/></linearGradient>` +
    `<radialGradient id="lamp"><stop offset="0" stop-color="#fffbe8" stop-opacity=".95"/><stop offset="1" stop-color="#fffbe8" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#03060b" stop-opacity=".6"/><stop offset=".55" stop-color="#03060b" stop-opacity="0"/></linearGradient>` +
    shadowDef;
  const svg =
    `<rect width="${w}" height="${h}" fill="url(#hs)"/>${stars}<ellipse cx="330" cy="450" rx="560" ry="140" fill="url(#hg)"/>` +
    `<path d="${mountains}" fill="#182538"/>` +
    `<g transform="translate(${fmt(-hillShift)} 0)"><path d="${hills}" fill="#101b29"/><path d="${trees}" fill="#0b1420"/></g>` +
    `<rect y="540" width="${w}" height="${h - 540}" fill="#0c1118"/><rect y="590" width="${w}" height="${h - 590}" fill="#151a21"/>` +
    `<rect y="596" width="${w}" height="3" fill="#4a5360"/><path d="${dashes}" fill="#9aa4b0" opacity=".55"/>` +
    `<path d="${posts}" fill="#c9d0d8" opacity=".6"/><path d="${reflectors}" fill="#f3a32b"/>` +
    `<path d="M${fmt(lampX)} ${fmt(lampY - 4)}L${w + 40} ${fmt(lampY - 70)}L${w + 40} ${fmt(ground + 40)}L${fmt(lampX)} ${fmt(lampY + 10)}Z" fill="url(#beam)"/>` +
    `<ellipse cx="${fmt(tx + (g.L / 2) * s)}" cy="${ground}" rx="${fmt(g.L * s * 0.58)}" ry="14" fill="url(#sh)"/>` +
    `<g transform="translate(${fmt(tx)} ${ground}) scale(${s})">${side(wheelAngle)}</g>` +
    `<rect width="${w}" height="${h}" fill="#0a1220" opacity=".22"/>` +
    `<circle cx="${fmt(lampX - 8)}" cy="${fmt(lampY)}" r="34" fill="url(#lamp)"/><circle cx="${fmt(tx - 2)}" cy="${fmt(ground - 1030 * s)}" r="10" fill="#ff3b30" opacity=".45"/>` +
    `<rect width="${w}" height="${h}" fill="url(#shade)"/>`;
  return { defs, svg };
}

function heroSheets(dir: string) {
  const t = ALL_TRUCKS.find((truck) => truck.slug === "faw-j7-6x4-460") ?? ALL_TRUCKS[0];
  const g = geometryOf(t);
  const look = { ...(LOOKS[t.slug] ?? FALLBACK_LOOK) };
  const st = sheet("color", look, 1 / 0.083);
  const frames = HERO.fps * HERO.seconds;
  const perSheet = HERO.cols * HERO.rows;
  mkdirSync(dir, { recursive: true });
  const side = (angle: number) => drawSide(g, { wheelAngle: angle }).svg;
  let sheetIndex = 0;
  for (let first = 0; first < frames; first += perSheet, sheetIndex++) {
    let defs = st.defs;
    let body = "";
    for (let k = 0; k < perSheet; k++) {
      const i = Math.min(first + k, frames - 1);
      const frame = heroFrame(i, frames, g, side);
      if (k === 0) defs += frame.defs;
      const x = (k % HERO.cols) * HERO.w;
      const y = Math.floor(k / HERO.cols) * HERO.h;
      body += `<svg x="${x}" y="${y}" width="${HERO.w}" height="${HERO.h}" viewBox="0 0 ${HERO.w} ${HERO.h}">${frame.svg}</svg>`;
    }
    const file = path.join(dir, `sheet-${String(sheetIndex).padStart(2, "0")}.svg`);
    writeFileSync(file, svgDoc(HERO.w * HERO.cols, HERO.h * HERO.rows, defs, st.css, body));
  }
  // The shell script reads this line to untile and trim.
  console.log(JSON.stringify({ ...HERO, frames, sheets: sheetIndex }));
}

// ---------------------------------------------------------------- main

function write(rel: string, content: string) {
  const file = path.join(PUBLIC, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  const kb = Buffer.byteLength(content) / 1024;
  if (kb > 15) console.warn(`warning: ${rel} is ${kb.toFixed(1)} KB`);
  return kb;
}

const SLIDES: Variant[] = [
  { backdrop: "white", color: "alt" },
  { backdrop: "outdoor", color: "cab" },
  { backdrop: "close", color: "cab", close: true },
  { backdrop: "night", color: "cab" },
];

const DEMO_PICTURE = /^\/images\/trucks\/[a-z0-9-]+\/(main|\d+)\.webp$/;

function catalogue() {
  let files = 0;
  let largest = 0;
  const note = (kb: number) => {
    files++;
    largest = Math.max(largest, kb);
  };
  for (const t of ALL_TRUCKS) {
    const expected = new Map<string, () => string>();
    // The SVG source of each demo picture still listed in the dealer's content (rasterize-images.ts
    // makes its WebP); a picture the dealer replaced with a photo is left alone.
    const source = (src: string) =>
      DEMO_PICTURE.test(src) && src.includes(`/${t.slug}/`) ? src.replace(/\.webp$/, ".svg") : null;
    const main = source(t.mainImg);
    if (main) expected.set(main, () => picture(t, { backdrop: "studio", color: "cab" }));
    t.slider.forEach((src, i) => {
      const slide = source(src);
      if (slide) expected.set(slide, () => picture(t, SLIDES[i % SLIDES.length]));
    });
    for (const [sideSrc, frontSrc, backSrc] of t.scheme) {
      expected.set(sideSrc, () => scheme(t, "side"));
      expected.set(frontSrc, () => scheme(t, "front"));
      expected.set(backSrc, () => scheme(t, "back"));
    }
    for (const [src, draw] of expected) note(write(src, draw()));
  }
  note(write("/images/placeholder.svg", placeholder()));
  note(write("/images/categories/tyagach.svg", categoryTile("tyagach", "faw-j7-6x4-460")));
  note(write("/images/categories/spectehnika.svg", categoryTile("spectehnika", "avtobetonosmesitel-j6p-6x4")));
  note(write("/images/categories/samosval.svg", categoryTile("samosval", "samosval-j6p-6x4")));
  console.log(`${files} SVG files written under public/, the largest ${largest.toFixed(1)} KB`);
}

const heroAt = process.argv.indexOf("--hero-sheets");
if (heroAt >= 0) {
  const dir = process.argv[heroAt + 1];
  if (!dir) throw new Error("--hero-sheets needs a directory");
  heroSheets(path.resolve(dir));
} else {
  catalogue();
}
