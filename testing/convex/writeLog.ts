/**
 * Every document write any Convex function makes while it is on (and, besides, the bytes read
 * and the calls actions make), whoever runs the function (a
 * test's call, a scheduled job, an action's mutation): its table and the size of the document
 * as JSON (the inserted or replaced document, the patched one after the patch, the deleted one
 * before its deletion). It listens to convex-test's own calls into its database, so the app's
 * functions run unchanged. For tests and the idle bench only.
 */
export type LoggedWrite = {
  op: "insert" | "patch" | "replace" | "delete";
  table: string;
  bytes: number;
};

type AsyncSyscall = (op: string, jsonArgs: string) => Promise<string>;
type ConvexSyscalls = { asyncSyscall: AsyncSyscall };

const OPS: Record<string, LoggedWrite["op"]> = {
  "1.0/insert": "insert",
  "1.0/shallowMerge": "patch",
  "1.0/replace": "replace",
  "1.0/remove": "delete",
};

/** What the functions read and called besides, for the idle bench's function calls and I/O. */
export type Usage = {
  /** Bytes of the documents given to functions (gets, query results and pages), as JSON. */
  readBytes: number;
  /** Bytes of the scheduled functions' documents written (their names and arguments). */
  scheduledBytes: number;
  /** Functions an action called (`ctx.runQuery`, `runMutation`, `runAction`): each a call. */
  actionCalls: number;
};

export type WriteLog = {
  writes: LoggedWrite[];
  usage: Usage;
  /** Runs `look` unlogged: what a test or bench reads to see where things are is not the app's. */
  aside<T>(look: () => Promise<T>): Promise<T>;
  /** Stops listening. */
  stop(): void;
};

const READS = new Set(["1.0/get", "1.0/queryStreamNext", "1.0/queryPage"]);
const ACTION_CALLS = new Set(["1.0/actions/query", "1.0/actions/mutation", "1.0/actions/action"]);
const SCHEDULES = new Set(["1.0/schedule", "1.0/actions/schedule"]);

export function logWrites(): WriteLog {
  const holder = globalThis as unknown as { Convex: ConvexSyscalls };
  const original = holder.Convex;
  const writes: LoggedWrite[] = [];
  const usage: Usage = { readBytes: 0, scheduledBytes: 0, actionCalls: 0 };
  let on = true;
  const sizeOf = async (call: AsyncSyscall, table: string | undefined, id: string) =>
    (await call("1.0/get", JSON.stringify({ table, id }))).length;
  holder.Convex = Object.defineProperties(
    {},
    {
      ...Object.getOwnPropertyDescriptors(original),
      asyncSyscall: {
        get() {
          const call = original.asyncSyscall;
          return async (op: string, jsonArgs: string) => {
            const kind = OPS[op];
            if (!on) return await call(op, jsonArgs);
            if (kind === undefined) {
              const result = await call(op, jsonArgs);
              if (READS.has(op)) usage.readBytes += result.length;
              if (ACTION_CALLS.has(op)) usage.actionCalls++;
              if (SCHEDULES.has(op)) usage.scheduledBytes += jsonArgs.length;
              return result;
            }
            const args = JSON.parse(jsonArgs) as { table?: string; id?: string; value?: unknown };
            const before = kind === "delete" ? await sizeOf(call, args.table, args.id!) : 0;
            const result = await call(op, jsonArgs);
            let table = args.table;
            let bytes = before;
            if (kind === "insert") bytes = JSON.stringify(args.value).length;
            if (kind === "patch" || kind === "replace") bytes = await sizeOf(call, table, args.id!);
            if (table === undefined && kind === "insert") table = "(unknown)";
            writes.push({ op: kind, table: table ?? "(id only)", bytes });
            return result;
          };
        },
      },
    },
  ) as ConvexSyscalls;
  return {
    writes,
    usage,
    async aside(look) {
      const was = on;
      on = false;
      try {
        return await look();
      } finally {
        on = was;
      }
    },
    stop() {
      on = false;
    },
  };
}

/** Writes by table: how many, and their bytes. */
export function byTable(
  writes: readonly LoggedWrite[],
): Record<string, { writes: number; bytes: number }> {
  const tables: Record<string, { writes: number; bytes: number }> = {};
  for (const { table, bytes } of writes) {
    tables[table] ??= { writes: 0, bytes: 0 };
    tables[table].writes++;
    tables[table].bytes += bytes;
  }
  return tables;
}
