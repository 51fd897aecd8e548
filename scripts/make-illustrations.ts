// Writes the original SVG illustrations of the public site (city skylines, amount and
// purpose banners, the default social card) into public/. Run: node scripts/make-illustrations.ts
// Deterministic: the same content always gives the same files, so the output is committed.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { amountPages } from "../app/content/amounts.ts";
import { cities } from "../app/content/cities.ts";
import { purposePages } from "../app/content/purposes.ts";

const root = join(import.meta.dirname, "..", "public");
const PALETTES = [
  ["#0b5d46", "#e6f2ee", "#ffd166"],
  ["#1d4e89", "#e7eef8", "#f4a261"],
  ["#6b2d5c", "#f6e9f2", "#ffd166"],
  ["#7a4b00", "#fbf1e0", "#2a9d8f"],
  ["#264653", "#e9f1f3", "#e9c46a"],
  ["#8c1c13", "#fbeae8", "#f2cc8f"],
];

function seeded(text: string) {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return () => {
    h = (Math.imul(h ^ (h >>> 15), 2246822507) + 0x6d2b79f5) >>> 0;
    return h / 4294967296;
  };
}

function write(rel: string, svg: string) {
  const file = join(root, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, svg.replace(/\n\s*/g, ""));
}

function skyline(name: string) {
  const rnd = seeded(name);
  const [ink, bg, sun] = PALETTES[Math.floor(rnd() * PALETTES.length)];
  let x = 0;
  const blocks: string[] = [];
  while (x < 480) {
    const w = 24 + Math.floor(rnd() * 40);
    const h = 60 + Math.floor(rnd() * 150);
    blocks.push(`<rect x="${x}" y="${300 - h}" width="${w - 4}" height="${h}" rx="3"/>`);
    if (rnd() > 0.65) blocks.push(`<path d="M${x} ${300 - h}q${(w - 4) / 2} -${18 + Math.floor(rnd() * 20)} ${w - 4} 0z"/>`);
    x += w;
  }
  const windows: string[] = [];
  for (let i = 0; i < 40; i++) windows.push(`<rect x="${Math.floor(rnd() * 470)}" y="${120 + Math.floor(rnd() * 170)}" width="5" height="7"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360" viewBox="0 0 480 360" role="img" aria-label="${name} skyline">
    <rect width="480" height="360" fill="${bg}"/>
    <circle cx="${330 + Math.floor(rnd() * 90)}" cy="${70 + Math.floor(rnd() * 30)}" r="38" fill="${sun}"/>
    <g fill="${ink}" opacity=".35">${blocks.filter((_, i) => i % 2).join("")}</g>
    <g fill="${ink}">${blocks.filter((_, i) => i % 2 === 0).join("")}</g>
    <g fill="${sun}" opacity=".8">${windows.join("")}</g>
    <rect y="300" width="480" height="60" fill="${ink}"/>
    <text x="24" y="340" font-family="system-ui,sans-serif" font-size="26" font-weight="700" fill="#fff">${name}</text>
  </svg>`;
}

function banner(label: string, sub: string, seed: string) {
  const rnd = seeded(seed);
  const [ink, bg, accent] = PALETTES[Math.floor(rnd() * PALETTES.length)];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360" viewBox="0 0 480 360" role="img" aria-label="${label}">
    <rect width="480" height="360" rx="24" fill="${bg}"/>
    <circle cx="390" cy="80" r="60" fill="${accent}" opacity=".5"/>
    <circle cx="80" cy="300" r="90" fill="${ink}" opacity=".08"/>
    <rect x="70" y="110" width="300" height="170" rx="18" fill="${ink}"/>
    <rect x="70" y="145" width="300" height="26" fill="#000" opacity=".25"/>
    <rect x="96" y="196" width="70" height="46" rx="8" fill="${accent}"/>
    <text x="350" y="240" text-anchor="end" font-family="system-ui,sans-serif" font-size="40" font-weight="800" fill="#fff">${label}</text>
    <text x="350" y="266" text-anchor="end" font-family="system-ui,sans-serif" font-size="16" fill="#fff" opacity=".9">${sub}</text>
  </svg>`;
}

for (const c of cities) write(c.cityImg, skyline(c.cityname));
for (const a of amountPages)
  write(a.bannerImg, banner(a.loan_Amt === "1 Lakh" ? "₹1 lakh" : `₹${Number(a.loan_Amt).toLocaleString("en-IN")}`, "salary-day loan", a.slugs));
for (const p of purposePages) write(p.bannerImg, banner(p.loan_type.replace(/ loan$/i, ""), "salary-day loan", p.url));
write("images/og-default.svg", banner("SalaryOnTime", "₹10,000 to ₹1 lakh in about 10 minutes", "og"));
write("images/how-it-works.svg", skyline("India"));
console.log(`wrote ${cities.length + amountPages.length + purposePages.length + 2} illustrations`);
