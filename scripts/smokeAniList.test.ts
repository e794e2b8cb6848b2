import { spawn } from "node:child_process";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { COVER_USER_AGENT } from "@convex/model/catalogue/coverImages";
import { BLUR_STEPS_PX } from "@convex/model/shared/rules";
import { aniListServer } from "./testing/aniListServer";

/**
 * `npm run smoke:anilist` against a stand-in for AniList and its image host on 127.0.0.1: the
 * recorded page fixture (its covers pointed at the stand-in) and a generated poster, or each
 * answer the refresh would refuse.
 */
const script = path.resolve(import.meta.dirname, "smoke-anilist.mjs");

let standIn: Awaited<ReturnType<typeof aniListServer>> | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

function smoke(endpoint: string) {
  return new Promise<{ status: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [script], {
      env: { ...process.env, ANILIST_URL: endpoint },
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("close", (status) => resolve({ status, output }));
  });
}

describe("npm run smoke:anilist", () => {
  test("prints the page and the cover the refresh would accept, and passes", async () => {
    standIn = await aniListServer("ok");
    const { status, output } = await smoke(standIn.endpoint);
    expect(output).toContain("HTTP 200");
    expect(output).toContain("rate limit 89 of 90 left");
    expect(output).toContain("3 anime accepted, 0 refused; next page: yes");
    expect(output).toContain("first: Lantern Keeper");
    expect(output).toMatch(
      new RegExp(
        `\\d+ bytes, png 460×690: ${BLUR_STEPS_PX.length} blur steps and the clear cover made`,
      ),
    );
    expect(output).toContain("OK: the refresh would accept this page and this cover.");
    expect(status).toBe(0);
    // The same client the cover workers are: their User-Agent, not Node's "node".
    expect(standIn.coverRequests.map((r) => r.headers["user-agent"])).toEqual([COVER_USER_AGENT]);
  });

  test.each([
    ["invalid-items", "FAILED: the most popular page should hold no refused anime"],
    ["403", "FAILED: the refresh would not accept this page: HTTP 403: Forbidden."],
    [
      "complexity",
      "FAILED: the refresh would not accept this page: HTTP 400: Max query complexity",
    ],
    ["cover-503", "FAILED: the cover maker would refuse this cover: HTTP 503"],
    ["cover-html", 'FAILED: the cover maker would refuse this cover: not an image: "text/html"'],
  ] as const)("fails when AniList answers %s", async (mode, failure) => {
    standIn = await aniListServer(mode);
    const { status, output } = await smoke(standIn.endpoint);
    expect(output).toContain(failure);
    expect(status).toBe(1);
  });
});
