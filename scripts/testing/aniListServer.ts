import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import invalidItems from "@testing/fixtures/anilist/invalid-items.json";
import page from "@testing/fixtures/anilist/page-1.json";
import { testCoverResponse } from "@testing/fixtures/covers";

/** How the stand-in answers: as AniList and its image host do, or each way the refresh refuses. */
export type AniListMode =
  "ok" | "invalid-items" | "403" | "complexity" | "cover-503" | "cover-html";

/**
 * AniList and its image host on 127.0.0.1, for `npm run smoke:anilist` offline: the recorded
 * page fixture with its covers pointed here, a generated poster for each cover, AniList's
 * rate-limit headers; or a refusal. `endpoint` is what ANILIST_URL should say.
 */
export async function aniListServer(mode: AniListMode) {
  const coverRequests: IncomingMessage[] = [];
  const server = createServer((request, response) => {
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
        } else if (mode === "invalid-items") {
          response.writeHead(200, headers).end(JSON.stringify(invalidItems));
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
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint: `${base}/graphql`,
    coverRequests,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
