// Renders the landing page's background (an anime-style evening sky) on a canvas in headless
// Chromium and saves it as WebP in public/. The image is made here rather than fetched from a
// stock CDN so the app ships no third-party assets. Deterministic: the stars come from a seeded PRNG.
//
//   node scripts/make-landing-background.mjs
//
// Needs Chromium: CHROMIUM_PATH, else /usr/bin/chromium.
/* global document -- paintSky runs in the page, not in Node */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { chromium } from "@playwright/test";

const outputDir = path.resolve(import.meta.dirname, "../public");
const sizes = [
  { width: 1920, height: 1080, quality: 0.88, file: "landing-sky-1920.webp" },
  { width: 960, height: 540, quality: 0.72, file: "landing-sky-960.webp" },
];
const maxBytes = 80 * 1024;

/** Runs in the page: paints the sky at 1920×1080 scaled to the canvas size, returns a data URL. */
function paintSky({ width, height, quality }) {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext("2d");
  ctx.scale(width / 1920, height / 1080);
  const W = 1920;
  const H = 1080;

  let seed = 20240611;
  const random = () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 4294967296;
  };

  const sky = ctx.createLinearGradient(0, 0, 0, H);
  sky.addColorStop(0, "#0b0620");
  sky.addColorStop(0.35, "#1e0f45");
  sky.addColorStop(0.62, "#4a1d6e");
  sky.addColorStop(0.8, "#8a2f7a");
  sky.addColorStop(0.92, "#d0577a");
  sky.addColorStop(1, "#f08a6c");
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, W, H);

  const glow = (x, y, r, color) => {
    const g = ctx.createRadialGradient(x, y, 0, x, y, r);
    g.addColorStop(0, color);
    g.addColorStop(1, "rgba(0,0,0,0)");
    ctx.fillStyle = g;
    ctx.fillRect(x - r, y - r, r * 2, r * 2);
  };
  glow(1400, 860, 900, "rgba(255,140,120,0.28)");
  glow(380, 240, 700, "rgba(120,70,255,0.22)");
  glow(1500, 300, 260, "rgba(255,236,250,0.18)");

  // Stars: dense and faint near the top, thinning towards the warm horizon.
  for (let i = 0; i < 520; i++) {
    const x = random() * W;
    const y = Math.pow(random(), 1.7) * H * 0.72;
    const r = random() < 0.06 ? 1.6 + random() * 1.2 : 0.5 + random() * 0.9;
    ctx.globalAlpha = (1 - y / (H * 0.8)) * (0.35 + random() * 0.65);
    ctx.fillStyle = random() < 0.2 ? "#ffd9f5" : "#ffffff";
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.globalAlpha = 1;

  // A few four-pointed sparkles, the anime sky's signature.
  const sparkle = (x, y, size) => {
    ctx.save();
    ctx.translate(x, y);
    ctx.fillStyle = "rgba(255,245,255,0.9)";
    ctx.beginPath();
    ctx.moveTo(0, -size);
    ctx.quadraticCurveTo(0, 0, size, 0);
    ctx.quadraticCurveTo(0, 0, 0, size);
    ctx.quadraticCurveTo(0, 0, -size, 0);
    ctx.quadraticCurveTo(0, 0, 0, -size);
    ctx.fill();
    ctx.restore();
    glow(x, y, size * 2.2, "rgba(255,220,255,0.25)");
  };
  sparkle(260, 150, 14);
  sparkle(1120, 90, 10);
  sparkle(1760, 420, 12);
  sparkle(700, 380, 8);

  // A shooting star.
  const trail = ctx.createLinearGradient(520, 120, 820, 250);
  trail.addColorStop(0, "rgba(255,255,255,0)");
  trail.addColorStop(1, "rgba(255,240,255,0.85)");
  ctx.strokeStyle = trail;
  ctx.lineWidth = 2.2;
  ctx.lineCap = "round";
  ctx.beginPath();
  ctx.moveTo(520, 120);
  ctx.lineTo(820, 250);
  ctx.stroke();
  glow(820, 250, 14, "rgba(255,240,255,0.7)");

  // Crescent moon, cut on its own canvas so the sky's glow behind it stays intact.
  glow(1500, 300, 150, "rgba(255,240,250,0.35)");
  const moon = document.createElement("canvas");
  moon.width = 140;
  moon.height = 140;
  const moonCtx = moon.getContext("2d");
  moonCtx.fillStyle = "#fff3f8";
  moonCtx.beginPath();
  moonCtx.arc(70, 70, 62, 0, Math.PI * 2);
  moonCtx.fill();
  moonCtx.globalCompositeOperation = "destination-out";
  moonCtx.beginPath();
  moonCtx.arc(98, 54, 56, 0, Math.PI * 2);
  moonCtx.fill();
  ctx.drawImage(moon, 1430, 230);

  // Soft, long clouds lit from below.
  const cloud = (x, y, w, h, color) => {
    ctx.save();
    ctx.translate(x, y);
    ctx.scale(w / h, 1);
    const g = ctx.createRadialGradient(0, 0, 0, 0, 0, h);
    g.addColorStop(0, color);
    g.addColorStop(1, "rgba(0,0,0,0)");
    ctx.fillStyle = g;
    ctx.beginPath();
    ctx.arc(0, 0, h, 0, Math.PI * 2);
    ctx.fill();
    ctx.restore();
  };
  cloud(420, 640, 520, 46, "rgba(255,150,190,0.30)");
  cloud(1180, 700, 640, 40, "rgba(255,170,170,0.28)");
  cloud(1650, 610, 380, 30, "rgba(230,140,220,0.25)");
  cloud(760, 560, 420, 26, "rgba(190,120,240,0.22)");

  // Layered hills, the nearest darkest.
  const hills = (baseY, amplitude, waves, phase, color) => {
    ctx.fillStyle = color;
    ctx.beginPath();
    ctx.moveTo(0, H);
    for (let x = 0; x <= W; x += 8) {
      let y = baseY;
      waves.forEach(([length, weight], index) => {
        y -= Math.sin((x / length) * Math.PI * 2 + phase * (index + 1)) * amplitude * weight;
      });
      ctx.lineTo(x, y);
    }
    ctx.lineTo(W, H);
    ctx.closePath();
    ctx.fill();
  };
  hills(
    860,
    40,
    [
      [900, 1],
      [350, 0.35],
    ],
    0.6,
    "#5a2466",
  );
  hills(
    920,
    34,
    [
      [700, 1],
      [260, 0.4],
    ],
    2.1,
    "#3a1650",
  );
  hills(
    985,
    28,
    [
      [1100, 1],
      [300, 0.3],
    ],
    4.2,
    "#1f0b33",
  );

  // A lone tree and a small town's lights on the nearest ridge.
  ctx.fillStyle = "#140722";
  ctx.fillRect(1592, 880, 8, 90);
  for (const [dx, dy, r] of [
    [0, -8, 46],
    [-30, 14, 34],
    [32, 12, 36],
    [0, 30, 38],
  ]) {
    ctx.beginPath();
    ctx.arc(1596 + dx, 880 + dy, r, 0, Math.PI * 2);
    ctx.fill();
  }
  for (let i = 0; i < 40; i++) {
    const x = 200 + random() * 900;
    const y = 985 + random() * 60;
    ctx.fillStyle = random() < 0.5 ? "rgba(255,214,150,0.85)" : "rgba(255,170,200,0.75)";
    ctx.fillRect(x, y, 3, 3);
  }

  return canvas.toDataURL("image/webp", quality);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  const page = await browser.newPage();
  for (const size of sizes) {
    const dataUrl = await page.evaluate(paintSky, size);
    if (!dataUrl.startsWith("data:image/webp")) throw new Error("This Chromium cannot encode WebP");
    const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
    if (bytes.length > maxBytes) {
      throw new Error(`${size.file} is ${bytes.length} bytes, over the ${maxBytes}-byte budget`);
    }
    await writeFile(path.join(outputDir, size.file), bytes);
    console.log(
      `${size.file}: ${size.width}×${size.height}, ${(bytes.length / 1024).toFixed(1)} KB`,
    );
  }
} finally {
  await browser.close();
}
