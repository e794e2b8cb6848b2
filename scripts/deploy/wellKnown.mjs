// After the push: does the deployment answer as Convex Auth needs? The backend checks each
// session token against `<CONVEX_SITE_URL>/.well-known/openid-configuration` (its issuer must be
// that URL) and the keys at its jwks_uri (convex/auth.config.ts; @convex-dev/auth's
// `auth.addHttpRoutes` serves both from CONVEX_SITE_URL and JWKS, in convex/http.ts).

/**
 * The deployment's HTTP actions' address: CONVEX_SITE_URL when given (a custom domain), else the
 * `.convex.site` twin of the `.convex.cloud` URL `npx convex deploy` reports.
 */
export function siteUrlOf(deployOutput, siteUrlOverride) {
  if (siteUrlOverride) return siteUrlOverride.replace(/\/+$/, "");
  const deployed = /Deployed Convex functions to (\S+)/.exec(deployOutput)?.[1];
  if (deployed === undefined) return null;
  const url = new URL(deployed);
  if (!url.hostname.endsWith(".convex.cloud")) return null;
  url.hostname = url.hostname.replace(/\.convex\.cloud$/, ".convex.site");
  return url.origin;
}

async function getJson(fetchImpl, url) {
  let response;
  try {
    response = await fetchImpl(url, { signal: AbortSignal.timeout(15_000) });
  } catch (error) {
    return { error: `${url}: ${error instanceof Error ? error.message : String(error)}` };
  }
  const text = await response.text();
  if (response.status !== 200) {
    return { error: `${url} answered HTTP ${response.status}: ${text.slice(0, 200)}` };
  }
  try {
    return { json: JSON.parse(text) };
  } catch {
    return { error: `${url} answered something that is not JSON: ${text.slice(0, 200)}` };
  }
}

/** What is wrong with the deployment's well-known endpoints, one line each; [] when all is right. */
export async function wellKnownProblems(site, fetchImpl = fetch) {
  const configUrl = `${site}/.well-known/openid-configuration`;
  const jwksUrl = `${site}/.well-known/jwks.json`;
  const problems = [];
  const config = await getJson(fetchImpl, configUrl);
  if (config.error) problems.push(config.error);
  else {
    if (config.json?.issuer !== site) {
      problems.push(`${configUrl}: issuer is ${JSON.stringify(config.json?.issuer)}, not ${site}`);
    }
    if (config.json?.jwks_uri !== jwksUrl) {
      problems.push(
        `${configUrl}: jwks_uri is ${JSON.stringify(config.json?.jwks_uri)}, not ${jwksUrl}`,
      );
    }
  }
  const jwks = await getJson(fetchImpl, jwksUrl);
  if (jwks.error) problems.push(jwks.error);
  else if (
    !Array.isArray(jwks.json?.keys) ||
    !jwks.json.keys.some((key) => key?.kty === "RSA" && key?.alg === "RS256" && key?.n && key?.e)
  ) {
    problems.push(`${jwksUrl}: no RS256 key in keys[]`);
  }
  return problems;
}
