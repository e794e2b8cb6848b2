import schema from "../../../convex/schema";
import type { IndexFields } from "./readWriteSets";

type TableWithIndexes = { " indexes"(): { indexDescriptor: string; fields: string[] }[] };

/** Index fields by table and index, from the app's schema, with the two every table has. */
export const indexFields: IndexFields = (table, index) => {
  if (index === "by_id") return ["_id"];
  if (index === "by_creation_time") return ["_creationTime"];
  // convex/server keeps a table's indexes behind this (public, oddly named) accessor.
  const tables = schema.tables as unknown as Record<string, TableWithIndexes>;
  const found = tables[table]?.[" indexes"]().find((i) => i.indexDescriptor === index);
  if (!found) throw new Error(`No index ${table}.${index} in the schema`);
  return found.fields;
};
