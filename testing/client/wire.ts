import type { JSONValue } from "convex/values";
import type { FunctionKind } from "../convex/modules";

/**
 * The wire between the test client and a convex-test backend. Values travel as
 * Convex's JSON encoding (`convexToJson`) so the same contract works in-process
 * (component tests) and over HTTP (browser tests).
 */
export type { FunctionKind };

export type CallResult =
  | { status: "success"; value: JSONValue }
  | { status: "error"; errorMessage: string; errorData?: JSONValue };

export interface TestBackend {
  /** Runs `path` ("module:function") as the holder of `token` (a Convex Auth JWT), or as a visitor. */
  call(
    kind: FunctionKind,
    path: string,
    args: JSONValue,
    token: string | null,
  ): Promise<CallResult>;
  /** Called whenever data may have changed outside the client's own calls (a scheduled function ran). */
  onChange(listener: () => void): () => void;
}
