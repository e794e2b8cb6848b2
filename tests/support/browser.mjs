// What every browser run here shares: Playwright's tests and the Lighthouse benchmark.

/** The machine's Chromium (never a download), unless PLAYWRIGHT_BUNDLED asks for Playwright's own. */
export const chromiumExecutablePath = process.env.PLAYWRIGHT_BUNDLED
  ? undefined
  : (process.env.CHROMIUM_PATH ?? "/usr/bin/chromium");

/** Headless-friendly flags; without the networking ones Chromium keeps calling home on a closed network. */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/**
 * A poster for test anime n: a sky, a sun, hills and a figure, in colours of its own,
 * served locally in place of AniList's covers (there is no internet here).
 * @param {number} n
 */
export function coverSvg(n) {
  const hue = (n * 67) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="460" height="690" viewBox="0 0 460 690">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="hsl(${hue} 70% 35%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 80% 70%)"/>
  </linearGradient></defs>
  <rect width="460" height="690" fill="url(#sky)"/>
  <circle cx="${120 + ((n * 53) % 220)}" cy="180" r="70" fill="hsl(${(hue + 180) % 360} 90% 75%)"/>
  <path d="M0 520 Q120 400 240 500 T460 470 V690 H0Z" fill="hsl(${(hue + 200) % 360} 45% 25%)"/>
  <path d="M0 600 Q160 520 300 600 T460 590 V690 H0Z" fill="hsl(${(hue + 220) % 360} 40% 15%)"/>
  <circle cx="230" cy="430" r="34" fill="#1b1230"/>
  <path d="M185 560 Q230 440 275 560Z" fill="#1b1230"/>
  <text x="230" y="90" font-family="sans-serif" font-size="44" font-weight="700" text-anchor="middle" fill="white">SHOW ${n}</text>
</svg>`;
}
