// temp: CPU profile of a page load (4x CPU throttle) to see what JS costs.
import { chromium } from "playwright-core";
import { writeFileSync } from "node:fs";
import { chromiumArgs } from "../../tests/support/browser.mjs";
const origin = process.argv[2]; const route = process.argv[3] ?? "/"; const out = process.argv[4];
const E2E="/__convex_test";
async function control(r, body={}) { const res = await fetch(`${origin}${E2E}/control/${r}`, {method:"POST", headers:{"content-type":"application/json"}, body: JSON.stringify(body)}); const j = await res.json(); if(!res.ok) throw new Error(j.error); return j.value; }
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: chromiumArgs });
const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
const page = await context.newPage();
if (route !== "/") {
  await control("reset");
  const palette = ["#e4a15d"]; const documents = Array.from({length: 50}, (_, i) => ({ anilistId: 800001+i, title:{english:`Bench Show ${i}`, romaji:`Benchi ${i}`, native:null}, synonyms:[], clue:"Someone leaves a quiet village to find a lost friend, and learns that the road remembers everyone who walked it.\nGenres: Adventure", answers:[`Bench Show ${i}`], coverImage:`https://covers.bench.test/${i}.jpg`, coverColor:"#e4a15d", siteUrl:`https://anilist.co/anime/${800001+i}`, genres:["Adventure"], randomRank:(i+0.5)/50, updatedAt:0 }));
  await control("seed", { table: "anime", documents });
  const r = await fetch(`${origin}${E2E}/api/action`, {method:"POST", headers:{"content-type":"application/json"}, body: JSON.stringify({path:"auth:signIn", format:"convex_encoded_json", args:[{provider:"password", params:{flow:"signUp", email:"b@example.com", username:"bench", password:"secret123"}}]})});
  const tokens = (await r.json()).value.tokens;
  await page.goto(`${origin}${E2E}/health`);
  await page.evaluate(({ token, refreshToken, base }) => { const ns = `${window.location.origin}${base}`.replace(/[^a-zA-Z0-9]/g, ""); localStorage.setItem(`__convexAuthJWT_${ns}`, token); localStorage.setItem(`__convexAuthRefreshToken_${ns}`, refreshToken); }, { ...tokens, base: E2E });
}
const cdp = await context.newCDPSession(page);
await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
await browser.startTracing(page, { categories: ["devtools.timeline","v8.execute","disabled-by-default-devtools.timeline","disabled-by-default-v8.cpu_profiler","loading","blink.user_timing"] });
await page.goto(origin + route);
await page.waitForTimeout(4000);
const buf = await browser.stopTracing();
writeFileSync(out, buf);
await browser.close();
