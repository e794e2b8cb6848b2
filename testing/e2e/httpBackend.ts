import type { JSONValue } from "convex/values";
import type { CallResult, FunctionKind, TestBackend } from "../client/wire";

/**
 * The browser's side of the e2e test backend: calls go to the preview
 * server's convex-test over Convex's own HTTP API (`/api/query` and friends,
 * the same requests `ConvexHttpClient` makes), and changes arrive as
 * server-sent events.
 */
export class HttpBackend implements TestBackend {
  constructor(private readonly address: string) {}

  async call(
    kind: FunctionKind,
    path: string,
    args: JSONValue,
    token: string | null,
  ): Promise<CallResult> {
    const response = await fetch(`${this.address}/api/${kind}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        ...(token === null ? {} : { Authorization: `Bearer ${token}` }),
      },
      body: JSON.stringify({ path, format: "convex_encoded_json", args: [args] }),
    });
    return (await response.json()) as CallResult;
  }

  onChange(listener: () => void): () => void {
    const events = new EventSource(`${this.address}/events`);
    events.addEventListener("change", listener);
    return () => events.close();
  }
}
