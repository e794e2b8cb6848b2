/**
 * What a Convex function run touched, as Convex's concurrency control sees it: the documents and
 * index ranges it read (its read set), the documents it wrote with their versions before and
 * after, and the functions it scheduled. A wrapper around a convex-test ctx records them, for the
 * scale model only: the app's functions never see it.
 *
 * Convex records a query's read set as the index range it walked, up to the last document it was
 * given when it stopped early (`take`, `first`, a loop's `break`), and a `get` as that one
 * document; a search reads the search index (here: the whole table, which over-counts).
 */
import { getFunctionName, type FunctionReference, type GenericDocument } from "convex/server";
import type { Value } from "convex/values";

export type Bound = { value: Value; inclusive: boolean };

export type RangeRead = {
  kind: "range";
  table: string;
  index: string;
  /** Values the range fixes with `eq`, for the index's first fields in order. */
  prefix: Value[];
  lower?: Bound;
  upper?: Bound;
  order: "asc" | "desc";
  /** The full index key of the last document given, when the walk stopped before the range's end. */
  stopAt?: Value[];
};
export type Read =
  RangeRead | { kind: "document"; table: string; id: string } | { kind: "search"; table: string };

export type Write = {
  table: string;
  id: string;
  before: GenericDocument | null;
  after: GenericDocument | null;
};

export type Scheduled = { name: string; delayMs: number | null; runAt: number | null };

export type CallRecord = {
  name: string;
  /** Its arguments as JSON: two viewers' runs of an identity-free query with the same are one. */
  args: string;
  /** The calling player's user id (null for a visitor or a system job). */
  caller: string | null;
  /** Whether the function asked who is calling: such a query's result is not shared by viewers. */
  usesIdentity: boolean;
  reads: Read[];
  writes: Write[];
  scheduled: Scheduled[];
};

export function newRecord(name: string, caller: string | null, args: unknown = {}): CallRecord {
  return {
    name,
    args: JSON.stringify(args),
    caller,
    usesIdentity: false,
    reads: [],
    writes: [],
    scheduled: [],
  };
}

/** Index fields by table and index name, with the system indexes every table has. */
export type IndexFields = (table: string, index: string) => string[];

type AnyFunction = (...args: unknown[]) => unknown;
type Ctx = { db: object; scheduler?: object; auth?: object };

/** `ctx` whose db, scheduler and auth record into `record`. */
export function recordingCtx<C extends Ctx>(ctx: C, record: CallRecord, fields: IndexFields): C {
  return {
    ...ctx,
    db: recordingDb(ctx.db, record, fields),
    ...(ctx.scheduler ? { scheduler: recordingScheduler(ctx.scheduler, record) } : {}),
    ...(ctx.auth ? { auth: recordingAuth(ctx.auth, record) } : {}),
  };
}

/** The table a `get`/`patch`/`replace`/`delete` call names, in either call form. */
function tableAndId(args: unknown[], arity: number): { table: string | null; id: string } {
  return args.length >= arity
    ? { table: String(args[0]), id: String(args[1]) }
    : { table: null, id: String(args[0]) };
}

function recordingDb(db: object, record: CallRecord, fields: IndexFields): object {
  const raw = db as Record<string, AnyFunction>;
  const getRaw = async (id: string) => (await raw.get.call(db, id)) as GenericDocument | null;
  // The app names the table in every call (`db.get("users", id)`); an id-only call is counted
  // under "(unknown)", which the scale bench refuses.
  const tableOf = (table: string | null) => table ?? "(unknown)";
  return new Proxy(db, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      const method = (value as AnyFunction).bind(target);
      switch (property) {
        case "get":
          return async (...args: unknown[]) => {
            const { table, id } = tableAndId(args, 2);
            const doc = (await method(...args)) as GenericDocument | null;
            record.reads.push({ kind: "document", table: tableOf(table), id });
            return doc;
          };
        case "query":
          return (table: string) =>
            recordingQuery(method(table) as object, { table, record, fields });
        case "insert":
          return async (...args: unknown[]) => {
            const id = String(await method(...args));
            record.writes.push({
              table: String(args[0]),
              id,
              before: null,
              after: await getRaw(id),
            });
            return id;
          };
        case "patch":
        case "replace":
        case "delete":
          return async (...args: unknown[]) => {
            const { table, id } = tableAndId(args, property === "delete" ? 2 : 3);
            const before = await getRaw(id);
            const result = await method(...args);
            const after = property === "delete" ? null : await getRaw(id);
            record.writes.push({ table: tableOf(table), id, before, after });
            return result;
          };
        default:
          return method;
      }
    },
  });
}

type QueryState = {
  table: string;
  record: CallRecord;
  fields: IndexFields;
  range?: Omit<RangeRead, "kind" | "table" | "order">;
  order?: "asc" | "desc";
  search?: boolean;
};

/** A recording stand-in for the index range builder `withIndex` hands its callback. */
function rangeRecorder(builder: object, range: Omit<RangeRead, "kind" | "table" | "order">) {
  const step = (inner: object): object =>
    new Proxy(inner, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property, target);
        if (typeof value !== "function") return value;
        const method = (value as AnyFunction).bind(target);
        return (field: string, bound: Value) => {
          if (property === "eq") range.prefix.push(bound);
          if (property === "gt" || property === "gte")
            range.lower = { value: bound, inclusive: property === "gte" };
          if (property === "lt" || property === "lte")
            range.upper = { value: bound, inclusive: property === "lte" };
          return step(method(field, bound) as object);
        };
      },
    });
  return step(builder);
}

function recordingQuery(query: object, state: QueryState): object {
  const finish = (docs: GenericDocument[], exhausted: boolean) => {
    const { table, record, fields } = state;
    if (state.search) {
      record.reads.push({ kind: "search", table });
      return;
    }
    const range = state.range ?? { index: "by_creation_time", prefix: [] };
    const order = state.order ?? "asc";
    const last = docs.at(-1);
    record.reads.push({
      kind: "range",
      table,
      ...range,
      order,
      ...(!exhausted && last ? { stopAt: indexKey(last, fields(table, range.index)) } : {}),
    });
  };
  return new Proxy(query, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      const method = (value as AnyFunction).bind(target);
      if (property === Symbol.asyncIterator) {
        return () => {
          const iterator = method() as AsyncIterator<GenericDocument>;
          const seen: GenericDocument[] = [];
          let finished = false;
          const done = (exhausted: boolean) => {
            if (!finished) finish(seen, exhausted);
            finished = true;
          };
          const wrapped: AsyncIterableIterator<GenericDocument> = {
            next: async () => {
              const step = await iterator.next();
              if (step.done === true) done(true);
              else seen.push(step.value);
              return step;
            },
            return: async (returned?: unknown) => {
              done(false);
              return (
                (await iterator.return?.(returned)) ?? {
                  done: true,
                  value: returned as GenericDocument,
                }
              );
            },
            [Symbol.asyncIterator]: () => wrapped,
          };
          return wrapped;
        };
      }
      switch (property) {
        case "withIndex":
          return (index: string, build?: (q: object) => object) => {
            const range = { index, prefix: [] as Value[] };
            const next = method(
              index,
              build ? (q: object) => build(rangeRecorder(q, range)) : undefined,
            );
            return recordingQuery(next as object, { ...state, range });
          };
        case "withSearchIndex":
          return (...args: unknown[]) =>
            recordingQuery(method(...args) as object, { ...state, search: true });
        case "order":
          return (order: "asc" | "desc") =>
            recordingQuery(method(order) as object, { ...state, order });
        case "take":
          return async (n: number) => {
            const docs = (await method(n)) as GenericDocument[];
            finish(docs, docs.length < n);
            return docs;
          };
        case "collect":
          return async () => {
            const docs = (await method()) as GenericDocument[];
            finish(docs, true);
            return docs;
          };
        case "first":
          return async () => {
            const doc = (await method()) as GenericDocument | null;
            finish(doc ? [doc] : [], doc === null);
            return doc;
          };
        case "unique":
          // `unique` looks for a second document: it walks the whole (small) range.
          return async () => {
            const doc = (await method()) as GenericDocument | null;
            finish(doc ? [doc] : [], true);
            return doc;
          };
        case "paginate":
          return async (options: unknown) => {
            const result = (await method(options)) as {
              page: GenericDocument[];
              isDone: boolean;
            };
            finish(result.page, result.isDone);
            return result;
          };
        default:
          return (...args: unknown[]) => recordingQuery(method(...args) as object, state);
      }
    },
  });
}

function recordingScheduler(scheduler: object, record: CallRecord): object {
  return new Proxy(scheduler, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      const method = (value as AnyFunction).bind(target);
      return async (...args: unknown[]) => {
        if (property === "runAfter" || property === "runAt") {
          const name = functionName(args[1]);
          record.scheduled.push({
            name,
            delayMs: property === "runAfter" ? Number(args[0]) : null,
            runAt: property === "runAt" ? Number(args[0]) : null,
          });
          const id = (await method(...args)) as string;
          record.writes.push({
            table: "_scheduled_functions",
            id,
            before: null,
            after: { _id: id, _creationTime: 0, name, args: args[2] as Value },
          });
          return id;
        }
        if (property === "cancel") {
          record.writes.push({
            table: "_scheduled_functions",
            id: String(args[0]),
            before: null,
            after: { _id: String(args[0]), _creationTime: 0, state: "canceled" },
          });
        }
        return await method(...args);
      };
    },
  });
}

function functionName(reference: unknown): string {
  return getFunctionName(reference as FunctionReference<"mutation">);
}

function recordingAuth(auth: object, record: CallRecord): object {
  return new Proxy(auth, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      const method = (value as AnyFunction).bind(target);
      return (...args: unknown[]) => {
        record.usesIdentity = true;
        return method(...args);
      };
    },
  });
}

/** A document's key in an index: the index's fields, then `_creationTime` and `_id` as Convex adds. */
export function indexKey(doc: GenericDocument, fields: string[]): Value[] {
  const key = fields.map((field) => fieldValue(doc, field));
  if (fields.at(-1) !== "_id") {
    if (!fields.includes("_creationTime")) key.push(doc._creationTime);
    key.push(doc._id);
  }
  return key;
}

function fieldValue(doc: GenericDocument, path: string): Value {
  let value: unknown = doc;
  for (const part of path.split(".")) {
    value =
      value !== null && typeof value === "object"
        ? (value as Record<string, unknown>)[part]
        : undefined;
  }
  return value as Value;
}
