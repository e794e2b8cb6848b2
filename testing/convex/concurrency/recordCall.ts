import type { TestConvex } from "../backend";
import { newRecord, recordingCtx, type CallRecord } from "./readWriteSets";
import { indexFields } from "./schemaIndexes";

type Handler = (ctx: unknown, args: unknown) => Promise<unknown>;
/** Who calls: a signed-in test player's accessor (`player.as`), or the backend for a visitor. */
type Caller = Pick<TestConvex, "mutation" | "query">;

/**
 * Runs a registered function (e.g. `rooms.view` imported from convex/rooms.ts) as `caller`
 * would call it, its ctx recording the documents and ranges it reads and the documents it writes.
 */
export async function recordCall(
  caller: Caller,
  callerId: string | null,
  kind: "mutation" | "query",
  name: string,
  fn: unknown,
  args: Record<string, unknown>,
): Promise<{ record: CallRecord; result: unknown }> {
  const record = newRecord(name, callerId, args);
  const handler = (fn as { _handler: Handler })._handler;
  const run = async (ctx: object) =>
    await handler(recordingCtx(ctx as { db: object }, record, indexFields), args);
  const result = kind === "mutation" ? await caller.mutation(run) : await caller.query(run);
  const unknown = record.reads.find((read) => read.table === "(unknown)");
  if (unknown) throw new Error(`${name} read a document without naming its table`);
  return { record, result };
}
