// A stand-in for `npx @convex-dev/auth` 0.0.95's variable setup: like the real one it sets
// SITE_URL, JWT_PRIVATE_KEY and JWKS through `npx convex env set` with the same deployment flags
// (so an anonymous CONVEX_DEPLOYMENT catches them, whatever --prod says) and prints "on prod
// deployment" when given --prod. It leaves the code alone, as the real one does here.
import { execSync } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";

const args = process.argv.slice(2);
const prod = args.includes("--prod");
const siteUrl = args[args.indexOf("--web-server-url") + 1];
const target = prod ? "--prod " : "";
const where = prod ? "prod deployment" : "deployment";

function set(name, value, hide) {
  execSync(`npx convex env set ${target}-- ${name} "${value.replace(/"/g, '\\"')}"`, {
    stdio: hide ? "ignore" : "inherit",
  });
  if (hide) console.log(`✔ Successfully set ${name} (on ${where})`);
}

const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
set("SITE_URL", siteUrl, false);
set(
  "JWT_PRIVATE_KEY",
  privateKey.export({ type: "pkcs8", format: "pem" }).toString().trimEnd().replace(/\n/g, " "),
  true,
);
set(
  "JWKS",
  JSON.stringify({ keys: [{ use: "sig", alg: "RS256", ...publicKey.export({ format: "jwk" }) }] }),
  true,
);
console.log("✔ You're all set. Continue by configuring your schema and frontend.");
