import type { OptimisticLocalStore } from "convex/browser";
import type { ConvexReactClient, MutationOptions, Watch, WatchQueryOptions } from "convex/react";
import {
  getFunctionName,
  type ArgsAndOptions,
  type FunctionArgs,
  type FunctionReference,
  type FunctionReference_future,
  type FunctionReturnType,
  type OptionalRestArgs,
} from "convex/server";
import { ConvexError, convexToJson, jsonToConvex, type Value } from "convex/values";
import type { CallResult, FunctionKind, TestBackend } from "./wire";

type AnyArgs = Record<string, Value>;
type FetchToken = (args: { forceRefreshToken: boolean }) => Promise<string | null | undefined>;
type Result =
  | { kind: "loading" }
  | { kind: "value"; value: Value; json: string }
  | { kind: "error"; error: Error };

type Subscription = {
  path: string;
  args: AnyArgs;
  result: Result;
  listeners: Set<() => void>;
  /** The round trip that brings its first result (see `requests`). */
  roundTrip: number;
};

/** A request as a real client sends it: a call, a new subscription, or the sign-in's token. */
export type SentRequest = {
  kind: FunctionKind | "authenticate";
  path: string;
  /** 1 + the latest round trip whose answer had arrived when this was sent. */
  roundTrip: number;
};

function keyOf(path: string, args: AnyArgs): string {
  return `${path}|${JSON.stringify(convexToJson(args))}`;
}

type Ref<Kind extends "query" | "mutation" | "action"> =
  FunctionReference<Kind> | FunctionReference_future<Kind>;

/** A function's "module:name"; Convex Auth's client also passes plain strings. */
function pathOf(fn: unknown): string {
  return typeof fn === "string" ? fn : getFunctionName(fn as FunctionReference<"query">);
}

function argsOf(argsAndOptions: unknown[]): AnyArgs {
  return (argsAndOptions[0] ?? {}) as AnyArgs;
}

/** Turns a wire result back into what ConvexReactClient would give: a value, or a thrown (Convex)Error. */
function unwrap(result: CallResult): Value {
  if (result.status === "success") return jsonToConvex(result.value);
  if (result.errorData !== undefined) {
    const error = new ConvexError(jsonToConvex(result.errorData));
    error.message = result.errorMessage;
    throw error;
  }
  throw new Error(result.errorMessage);
}

let clientCount = 0;

/**
 * A stand-in for `ConvexReactClient` that runs the app on the project's real
 * Convex functions inside a convex-test backend. It implements what
 * `ConvexProvider`, `ConvexAuthProvider` and the hooks use: live `watchQuery`
 * (every watched query re-runs after each mutation, action and finished
 * scheduled function), `mutation` with optimistic updates, `action`, `query`,
 * `setAuth`/`clearAuth` and the connection state. The caller's identity is the
 * `sub` of the JWT that the real `auth:signIn` returned.
 */
export class ConvexTestClient implements Pick<
  ConvexReactClient,
  | "url"
  | "watchQuery"
  | "query"
  | "mutation"
  | "action"
  | "setAuth"
  | "clearAuth"
  | "close"
  | "connectionState"
  | "subscribeToConnectionState"
> {
  /** Convex Auth namespaces its token storage by this, so each client gets its own. */
  readonly address: string;
  readonly options = {};
  readonly logger = {
    log: (...args: unknown[]) => console.log(...args),
    warn: (...args: unknown[]) => console.warn(...args),
    error: (...args: unknown[]) => console.error(...args),
    logVerbose: () => {},
  };

  private readonly subscriptions = new Map<string, Subscription>();
  private readonly optimisticValues = new Map<string, Value | undefined>();
  private token: string | null = null;
  private refreshing: Promise<void> = Promise.resolve();
  private queuedRefresh: Promise<void> | null = null;
  private readonly stopListening: () => void;
  private closed = false;
  /**
   * What the app asked for, in order, each with its place in the chain of round trips: a request
   * sent after the answer to round trip n is round trip n + 1 (the early paint of /game counts
   * them from the first byte to the clue). Re-runs of watched queries are the server's pushes, not requests.
   */
  readonly requests: SentRequest[] = [];
  private answered = 0;

  constructor(
    private readonly backend: TestBackend,
    address = `http://convex-test-${++clientCount}.local`,
  ) {
    this.address = address;
    this.stopListening = backend.onChange(() => void this.refreshAll());
  }

  /** The client typed for `ConvexAuthProvider` and friends, which only use the members above. */
  asReactClient(): ConvexReactClient {
    return this as unknown as ConvexReactClient;
  }

  get url(): string {
    return this.address;
  }

  watchQuery<Query extends Ref<"query">>(
    query: Query,
    ...argsAndOptions: ArgsAndOptions<Query, WatchQueryOptions>
  ): Watch<FunctionReturnType<Query>> {
    const args = argsOf(argsAndOptions);
    const path = pathOf(query);
    const key = keyOf(path, args);
    return {
      onUpdate: (callback) => {
        const subscription = this.subscribe(key, path, args);
        subscription.listeners.add(callback);
        return () => {
          subscription.listeners.delete(callback);
          if (subscription.listeners.size === 0) this.subscriptions.delete(key);
        };
      },
      localQueryResult: () => {
        if (this.optimisticValues.has(key)) return this.optimisticValues.get(key);
        const result = this.subscriptions.get(key)?.result;
        if (result?.kind === "error") throw result.error;
        return result?.kind === "value" ? result.value : undefined;
      },
      journal: () => undefined,
    };
  }

  /** How many round trips, one after another, the answers received so far have taken. */
  get roundTrips(): number {
    return this.answered;
  }

  async query<Query extends Ref<"query">>(
    query: Query,
    ...args: OptionalRestArgs<Query>
  ): Promise<FunctionReturnType<Query>> {
    const roundTrip = this.send("query", pathOf(query));
    try {
      return unwrap(await this.call("query", pathOf(query), argsOf(args)));
    } finally {
      this.answer(roundTrip);
    }
  }

  async mutation<Mutation extends Ref<"mutation">>(
    mutation: Mutation,
    ...argsAndOptions: ArgsAndOptions<Mutation, MutationOptions<FunctionArgs<Mutation>>>
  ): Promise<FunctionReturnType<Mutation>> {
    const args = argsOf(argsAndOptions);
    const options = (argsAndOptions[1] ?? {}) as {
      optimisticUpdate?: (store: OptimisticLocalStore, args: AnyArgs) => void;
    };
    const undoOptimistic = options.optimisticUpdate
      ? this.applyOptimisticUpdate(options.optimisticUpdate, args)
      : () => {};
    const roundTrip = this.send("mutation", pathOf(mutation));
    try {
      return unwrap(await this.call("mutation", pathOf(mutation), args));
    } finally {
      await this.refreshAll();
      this.answer(roundTrip);
      undoOptimistic();
    }
  }

  async action<Action extends Ref<"action">>(
    action: Action,
    ...args: OptionalRestArgs<Action>
  ): Promise<FunctionReturnType<Action>> {
    const roundTrip = this.send("action", pathOf(action));
    try {
      return unwrap(await this.call("action", pathOf(action), argsOf(args)));
    } finally {
      await this.refreshAll();
      this.answer(roundTrip);
    }
  }

  setAuth(fetchToken: FetchToken, onChange?: (isAuthenticated: boolean) => void): void {
    void fetchToken({ forceRefreshToken: false }).then(async (token) => {
      // A real client sends the token and learns from the server's next answer that it holds.
      const roundTrip = token ? this.send("authenticate", "") : null;
      this.token = token ?? null;
      await this.refreshAll();
      if (roundTrip !== null) this.answer(roundTrip);
      onChange?.(this.token !== null);
    });
  }

  clearAuth(): void {
    this.token = null;
    void this.refreshAll();
  }

  connectionState() {
    return {
      hasInflightRequests: false,
      isWebSocketConnected: true,
      timeOfOldestInflightRequest: null,
      hasEverConnected: true,
      connectionCount: 1,
      connectionRetries: 0,
      inflightMutations: 0,
      inflightActions: 0,
    };
  }

  subscribeToConnectionState(): () => void {
    return () => {};
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopListening();
    this.subscriptions.clear();
    await this.refreshing;
  }

  /** Resolves once every watched query reflects the backend as it is now. */
  async settled(): Promise<void> {
    await this.refreshAll();
  }

  private subscribe(key: string, path: string, args: AnyArgs): Subscription {
    let subscription = this.subscriptions.get(key);
    if (subscription === undefined) {
      const roundTrip = this.send("query", path);
      subscription = { path, args, result: { kind: "loading" }, listeners: new Set(), roundTrip };
      this.subscriptions.set(key, subscription);
      void this.refreshAll();
    }
    return subscription;
  }

  private send(kind: SentRequest["kind"], path: string): number {
    const roundTrip = this.answered + 1;
    this.requests.push({ kind, path, roundTrip });
    return roundTrip;
  }

  private answer(roundTrip: number): void {
    this.answered = Math.max(this.answered, roundTrip);
  }

  private call(kind: FunctionKind, path: string, args: AnyArgs): Promise<CallResult> {
    return this.backend.call(kind, path, convexToJson(args), this.token);
  }

  /**
   * Re-runs every watched query, one pass at a time, and delivers the pass's changes as one
   * snapshot, as a deployment sends one transition per change: every changed result is applied
   * before any listener hears of it, so no screen ever shows one query new and another old.
   * Changes that arrive while a pass waits to start share it: it starts after them.
   */
  private refreshAll(): Promise<void> {
    if (this.queuedRefresh !== null) return this.queuedRefresh;
    const pass = this.refreshing.then(async () => {
      this.queuedRefresh = null;
      const changed: { subscription: Subscription; next: Result }[] = [];
      for (const subscription of [...this.subscriptions.values()]) {
        if (this.closed) return;
        const next = await this.run(subscription);
        if (!sameResult(subscription.result, next)) changed.push({ subscription, next });
      }
      for (const { subscription, next } of changed) {
        if (subscription.result.kind === "loading") this.answer(subscription.roundTrip);
        subscription.result = next;
      }
      for (const { subscription } of changed) {
        for (const listener of [...subscription.listeners]) listener();
      }
    });
    this.queuedRefresh = pass;
    this.refreshing = pass;
    return pass;
  }

  private async run(subscription: Subscription): Promise<Result> {
    try {
      const value = unwrap(await this.call("query", subscription.path, subscription.args));
      return { kind: "value", value, json: JSON.stringify(convexToJson(value)) };
    } catch (error) {
      return { kind: "error", error: error instanceof Error ? error : new Error(String(error)) };
    }
  }

  private applyOptimisticUpdate(
    update: (store: OptimisticLocalStore, args: AnyArgs) => void,
    args: AnyArgs,
  ): () => void {
    const touched = new Set<string>();
    const store: OptimisticLocalStore = {
      getQuery: (query, queryArgs) => {
        const key = keyOf(pathOf(query), queryArgs ?? {});
        if (this.optimisticValues.has(key)) return this.optimisticValues.get(key);
        const result = this.subscriptions.get(key)?.result;
        return result?.kind === "value" ? result.value : undefined;
      },
      getAllQueries: (query) => {
        const path = pathOf(query);
        return [...this.subscriptions.entries()]
          .filter(([, s]) => s.path === path)
          .map(([key, s]) => ({
            args: s.args as never,
            value: (this.optimisticValues.has(key)
              ? this.optimisticValues.get(key)
              : s.result.kind === "value"
                ? s.result.value
                : undefined) as never,
          }));
      },
      setQuery: (query, queryArgs, value) => {
        const key = keyOf(pathOf(query), queryArgs ?? {});
        this.optimisticValues.set(key, value);
        touched.add(key);
      },
    };
    update(store, args);
    this.notify(touched);
    return () => {
      for (const key of touched) this.optimisticValues.delete(key);
      this.notify(touched);
    };
  }

  private notify(keys: Iterable<string>): void {
    for (const key of keys) {
      for (const listener of [...(this.subscriptions.get(key)?.listeners ?? [])]) listener();
    }
  }
}

function sameResult(a: Result, b: Result): boolean {
  if (a.kind === "value" && b.kind === "value") return a.json === b.json;
  if (a.kind === "error" && b.kind === "error") return a.error.message === b.error.message;
  return false;
}
