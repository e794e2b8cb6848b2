import { httpRouter } from "convex/server";
import { internal } from "./_generated/api";
import { httpAction } from "./_generated/server";
import { auth } from "./auth";

const http = httpRouter();

auth.addHttpRoutes(http);

/**
 * A round's cover images, at /cover/<token>/<step> or /cover/<token>/clear: the token is random
 * per round, so the address names neither the anime nor anything shared between players.
 */
http.route({
  pathPrefix: "/cover/",
  method: "GET",
  handler: httpAction(async (ctx, request) => {
    const [token = "", step = "", ...rest] = new URL(request.url).pathname
      .slice("/cover/".length)
      .split("/");
    const storageId =
      rest.length === 0 ? await ctx.runQuery(internal.covers.forToken, { token, step }) : null;
    const blob = storageId === null ? null : await ctx.storage.get(storageId);
    if (blob === null) return new Response("Not found", { status: 404 });
    return new Response(blob, {
      headers: {
        "Content-Type": "image/webp",
        // The address is this round's alone, so the image under it never changes.
        "Cache-Control": "private, max-age=86400, immutable",
        "Cross-Origin-Resource-Policy": "cross-origin",
      },
    });
  }),
});

export default http;
