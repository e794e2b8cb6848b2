/**
 * Every document write any Convex function makes while it is on, whoever runs the function (a
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

export type WriteLog = {
  writes: LoggedWrite[];
  /** Stops listening. */
  stop(): void;
};

export function logWrites(): WriteLog {
  const holder = globalThis as unknown as { Convex: ConvexSyscalls };
  const original = holder.Convex;
  const writes: LoggedWrite[] = [];
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
            if (!on || kind === undefined) return await call(op, jsonArgs);
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
