import { spawn } from "node:child_process";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { COVER_USER_AGENT } from "@convex/model/catalogue/coverImages";
import { BLUR_STEPS_PX } from "@convex/model/shared/rules";
import page from "@testing/fixtures/anilist/page-1.json";
import { testCoverResponse } from "@testing/fixtures/covers";

/**
 * `npm run smoke:anilist` against a stand-in for AniList and its image host on 127.0.0.1: the
 * recorded page fixture (its covers pointed at the stand-in) and a generated poster, or each
 * answer the refresh would refuse.
 */
const script = path.resolve(import.meta.dirname, "smoke-anilist.mjs");

type Mode = "ok" | "403" | "complexity" | "cover-503" | "cover-html";

let server: Server | undefined;
afterEach(() => server?.close());

async function standIn(mode: Mode) {
  const coverRequests: IncomingMessage[] = [];
  server = createServer((request, response) => {
    void (async () => {
      if (request.method === "POST") {
        const headers = {
          "Content-Type": "application/json",
          "X-RateLimit-Limit": "90",
          "X-RateLimit-Remaining": "89",
        };
        if (mode === "403") {
          response
            .writeHead(403, headers)
            .end(JSON.stringify({ data: null, errors: [{ message: "Forbidden.", status: 403 }] }));
        } else if (mode === "complexity") {
          response.writeHead(400, headers).end(
            JSON.stringify({
              data: null,
              errors: [{ message: "Max query complexity", status: 400 }],
            }),
          );
        } else {
          const media = page.data.Page.media.map((item) => ({
            ...item,
            coverImage: { ...item.coverImage, extraLarge: `${base}/covers/${item.id}.png` },
          }));
          response
            .writeHead(200, headers)
            .end(JSON.stringify({ data: { Page: { ...page.data.Page, media } } }));
        }
        return;
      }
      coverRequests.push(request);
      if (mode === "cover-503") return response.writeHead(503).end("Service Unavailable");
      const cover = await testCoverResponse(mode === "cover-html" ? "html" : "ok");
      response
        .writeHead(cover.status, { "Content-Type": cover.headers.get("content-type") ?? "" })
        .end(Buffer.from(await cover.arrayBuffer()));
    })();
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, coverRequests };
}

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
    const { base, coverRequests } = await standIn("ok");
    const { status, output } = await smoke(`${base}/graphql`);
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
    expect(coverRequests.map((r) => r.headers["user-agent"])).toEqual([COVER_USER_AGENT]);
  });

  test.each([
    ["403", "FAILED: the refresh would not accept this page: HTTP 403: Forbidden."],
    [
      "complexity",
      "FAILED: the refresh would not accept this page: HTTP 400: Max query complexity",
    ],
    ["cover-503", "FAILED: the cover maker would refuse this cover: HTTP 503"],
    ["cover-html", 'FAILED: the cover maker would refuse this cover: not an image: "text/html"'],
  ] as const)("fails when AniList answers %s", async (mode, failure) => {
    const { base } = await standIn(mode);
    const { status, output } = await smoke(`${base}/graphql`);
    expect(output).toContain(failure);
    expect(status).toBe(1);
  });
});
