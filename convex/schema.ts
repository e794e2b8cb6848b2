import { defineSchema } from "convex/server";
import { accountTables } from "./model/accounts/tables";
import { catalogueTables } from "./model/catalogue/tables";
import { judgeTables } from "./model/judge/tables";
import { roundTables } from "./model/round/tables";
import { gameTables } from "./model/game/tables";
import { boardTables } from "./model/boards/tables";
import { tallyTables } from "./model/tallies/tables";
import { dailyTables } from "./model/daily/tables";
import { contestTables } from "./model/contests/tables";
import { roomTables } from "./model/rooms/tables";
import { betaTables } from "./model/beta/tables";
import { opsTables } from "./model/ops/tables";

/**
 * The database, composed from each domain's tables (`convex/model/<domain>/tables.ts`, beside the
 * code that reads and writes them). The code's types are inferred from their validators, which
 * are re-exported here: the code imports them from `convex/schema`, wherever they are declared.
 */
export * from "./model/accounts/tables";
export * from "./model/catalogue/tables";
export * from "./model/judge/tables";
export * from "./model/round/tables";
export * from "./model/game/tables";
export * from "./model/boards/tables";
export * from "./model/tallies/tables";
export * from "./model/daily/tables";
export * from "./model/contests/tables";
export * from "./model/rooms/tables";
export * from "./model/beta/tables";
export * from "./model/ops/tables";

export default defineSchema({
  ...accountTables,
  ...catalogueTables,
  ...judgeTables,
  ...roundTables,
  ...gameTables,
  ...boardTables,
  ...tallyTables,
  ...dailyTables,
  ...contestTables,
  ...roomTables,
  ...betaTables,
  ...opsTables,
});
