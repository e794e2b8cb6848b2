/**
 * A Convex ctx whose `db` (and `scheduler`) count the documents a function reads and writes, for
 * the benchmark only: the app's functions never see it. A read is a document a `get`, a query's
 * iteration or its `take`/`first`/`unique`/`collect`/`paginate` returned to the function; a write
 * is an `insert`, `patch`, `replace` or `delete`, or a scheduled function (a system document).
 */

export type DocumentCounts = {
  reads: number;
  writes: number;
  readsByTable: Record<string, number>;
  writesByTable: Record<string, number>;
};

type AnyFunction = (...args: unknown[]) => unknown;
type Db = { system?: object };

const SCHEDULED = "_scheduled_functions";

export function newCounts(): DocumentCounts {
  return { reads: 0, writes: 0, readsByTable: {}, writesByTable: {} };
}

/** `ctx` with counting `db` and `scheduler`; `counts` grows as the function runs. */
export function countingCtx<Ctx extends { db: Db }>(
  ctx: Ctx,
  counts: DocumentCounts = newCounts(),
): { ctx: Ctx; counts: DocumentCounts } {
  const read = (table: string, n = 1) => {
    counts.reads += n;
    counts.readsByTable[table] = (counts.readsByTable[table] ?? 0) + n;
  };
  const wrote = (table: string) => {
    counts.writes += 1;
    counts.writesByTable[table] = (counts.writesByTable[table] ?? 0) + 1;
  };
  const wrapped = {
    ...ctx,
    db: countingDb(ctx.db, read, wrote),
    ...("scheduler" in ctx && ctx.scheduler !== undefined
      ? { scheduler: countingScheduler(ctx.scheduler as object, wrote) }
      : {}),
  };
  return { ctx: wrapped, counts };
}

/** The table a `get`/`patch`/`replace`/`delete` call names, when it uses the table-first form. */
function tableOf(args: unknown[], arity: number): string {
  return args.length >= arity && typeof args[0] === "string" ? args[0] : "(id only)";
}

function countingDb<D extends Db>(
  db: D,
  read: (table: string, n?: number) => void,
  wrote: (table: string) => void,
): D {
  return new Proxy(db, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (property === "system" && typeof value === "object" && value !== null) {
        return countingDb(value, read, wrote);
      }
      if (typeof value !== "function") return value;
      const method = (value as AnyFunction).bind(target);
      switch (property) {
        case "get":
          return async (...args: unknown[]) => {
            const doc = await method(...args);
            if (doc !== null) read(tableOf(args, 2));
            return doc;
          };
        case "query":
          return (table: string) => countingQuery(method(table) as object, table, read);
        case "insert":
          return async (...args: unknown[]) => {
            wrote(String(args[0]));
            return await method(...args);
          };
        case "patch":
        case "replace":
          return async (...args: unknown[]) => {
            wrote(tableOf(args, 3));
            return await method(...args);
          };
        case "delete":
          return async (...args: unknown[]) => {
            wrote(tableOf(args, 2));
            return await method(...args);
          };
        default:
          return method;
      }
    },
  });
}

/** A query builder whose results are counted; every builder step returns a counting builder. */
function countingQuery(query: object, table: string, read: (table: string, n?: number) => void) {
  return new Proxy(query, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      const method = (value as AnyFunction).bind(target);
      if (property === Symbol.asyncIterator) {
        return () => {
          const iterator = method() as AsyncIterator<unknown>;
          const counted: AsyncIterableIterator<unknown> = {
            next: async () => {
              const step = await iterator.next();
              if (step.done !== true) read(table);
              return step;
            },
            return: async (returned?: unknown) =>
              (await iterator.return?.(returned)) ?? { done: true, value: returned },
            [Symbol.asyncIterator]: () => counted,
          };
          return counted;
        };
      }
      switch (property) {
        case "take":
        case "collect":
          return async (...args: unknown[]) => {
            const docs = (await method(...args)) as unknown[];
            read(table, docs.length);
            return docs;
          };
        case "first":
        case "unique":
          return async () => {
            const doc = await method();
            if (doc !== null) read(table);
            return doc;
          };
        case "paginate":
          return async (...args: unknown[]) => {
            const result = (await method(...args)) as { page: unknown[] };
            read(table, result.page.length);
            return result;
          };
        default:
          return (...args: unknown[]) => countingQuery(method(...args) as object, table, read);
      }
    },
  });
}

function countingScheduler<S extends object>(scheduler: S, wrote: (table: string) => void): S {
  return new Proxy(scheduler, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      const method = (value as AnyFunction).bind(target);
      return async (...args: unknown[]) => {
        wrote(SCHEDULED);
        return await method(...args);
      };
    },
  });
}
