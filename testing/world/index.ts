/**
 * The world a test plays in, the same at every layer: seed a pool and players, sign in, deal,
 * play and read a game, on convex-test (the backend tests) or on the in-process backend behind
 * the component tests' client.
 */
export type { Caller, Player, Someone, World } from "./world";
export { seedAnime, seedPlayers, type AnimeSeed } from "./pool";
export { foldAll, foldAwake, standingAs } from "./boards";
export { setBudget, useUpBudget } from "./budgets";
export {
  givePassword,
  ROLES,
  sessionOf,
  setRoles,
  setScore,
  signedInAs,
  signedInPlayers,
  signIn,
  signUp,
  userOf,
  type Role,
  type TestPlayer,
} from "./players";
export {
  deal,
  dealtAnime,
  followPoolAs,
  gameOf,
  guessAs,
  guessWrongAs,
  openGameAs,
  patchGame,
  pendingGameJobs,
  scoreOf,
  skipAs,
  syncAs,
  viewOf,
} from "./game";
export { followPoolAsHost, memberView, newRoom, roomAndRound, roomPlayers } from "./rooms";
export {
  dailyAnime,
  dailyResultsAs,
  dailyViewAs,
  giveUpDailyAs,
  guessDailyAs,
  guessDailyWrongAs,
  nextDailyAs,
  openDailyAs,
  openDailyOutcomeAs,
  playDailyAs,
  seedDaily,
  todaysNumber,
  type DailyMove,
} from "./daily";
export { ann, bob, type Credentials, type Tokens } from "../fixtures/accounts";
