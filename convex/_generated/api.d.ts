/* eslint-disable */
/**
 * Generated `api` utility.
 *
 * THIS CODE IS AUTOMATICALLY GENERATED.
 *
 * To regenerate, run `npx convex dev`.
 * @module
 */

import type {
  ApiFromModules,
  FilterApi,
  FunctionReference,
} from "convex/server";
import type * as admin from "../admin.js";
import type * as auth from "../auth.js";
import type * as beta from "../beta.js";
import type * as catalogue from "../catalogue.js";
import type * as coverMaker from "../coverMaker.js";
import type * as covers from "../covers.js";
import type * as crons from "../crons.js";
import type * as functions from "../functions.js";
import type * as game from "../game.js";
import type * as http from "../http.js";
import type * as leaderboard from "../leaderboard.js";
import type * as migrations from "../migrations.js";
import type * as model_accountRules from "../model/accountRules.js";
import type * as model_accounts from "../model/accounts.js";
import type * as model_admin from "../model/admin.js";
import type * as model_adminClaim from "../model/adminClaim.js";
import type * as model_analytics from "../model/analytics.js";
import type * as model_anilist from "../model/anilist.js";
import type * as model_beta from "../model/beta.js";
import type * as model_boards from "../model/boards.js";
import type * as model_catalogue from "../model/catalogue.js";
import type * as model_claimRules from "../model/claimRules.js";
import type * as model_clue_capitalize from "../model/clue/capitalize.js";
import type * as model_clue_forms from "../model/clue/forms.js";
import type * as model_clue_index from "../model/clue/index.js";
import type * as model_clue_markup from "../model/clue/markup.js";
import type * as model_clue_pronouns from "../model/clue/pronouns.js";
import type * as model_clue_replacements from "../model/clue/replacements.js";
import type * as model_clue_roleWords from "../model/clue/roleWords.js";
import type * as model_clue_roles from "../model/clue/roles.js";
import type * as model_clue_sentences from "../model/clue/sentences.js";
import type * as model_coverImages from "../model/coverImages.js";
import type * as model_covers from "../model/covers.js";
import type * as model_errors from "../model/errors.js";
import type * as model_feedbackRules from "../model/feedbackRules.js";
import type * as model_game from "../model/game.js";
import type * as model_gameView from "../model/gameView.js";
import type * as model_guess from "../model/guess.js";
import type * as model_judge from "../model/judge.js";
import type * as model_localTime from "../model/localTime.js";
import type * as model_migrations from "../model/migrations.js";
import type * as model_rank from "../model/rank.js";
import type * as model_roomsAccess from "../model/roomsAccess.js";
import type * as model_roomsCleanup from "../model/roomsCleanup.js";
import type * as model_roomsDeal from "../model/roomsDeal.js";
import type * as model_roomsLobby from "../model/roomsLobby.js";
import type * as model_roomsPresence from "../model/roomsPresence.js";
import type * as model_roomsScoring from "../model/roomsScoring.js";
import type * as model_roomsTimeline from "../model/roomsTimeline.js";
import type * as model_roomsView from "../model/roomsView.js";
import type * as model_rules from "../model/rules.js";
import type * as model_seen from "../model/seen.js";
import type * as model_stats from "../model/stats.js";
import type * as model_titleIndex from "../model/titleIndex.js";
import type * as model_titleSuggestions from "../model/titleSuggestions.js";
import type * as model_titles from "../model/titles.js";
import type * as model_users from "../model/users.js";
import type * as rooms from "../rooms.js";
import type * as stats from "../stats.js";
import type * as titles from "../titles.js";
import type * as users from "../users.js";

/**
 * A utility for referencing Convex functions in your app's API.
 *
 * Usage:
 * ```js
 * const myFunctionReference = api.myModule.myFunction;
 * ```
 */
declare const fullApi: ApiFromModules<{
  admin: typeof admin;
  auth: typeof auth;
  beta: typeof beta;
  catalogue: typeof catalogue;
  coverMaker: typeof coverMaker;
  covers: typeof covers;
  crons: typeof crons;
  functions: typeof functions;
  game: typeof game;
  http: typeof http;
  leaderboard: typeof leaderboard;
  migrations: typeof migrations;
  "model/accountRules": typeof model_accountRules;
  "model/accounts": typeof model_accounts;
  "model/admin": typeof model_admin;
  "model/adminClaim": typeof model_adminClaim;
  "model/analytics": typeof model_analytics;
  "model/anilist": typeof model_anilist;
  "model/beta": typeof model_beta;
  "model/boards": typeof model_boards;
  "model/catalogue": typeof model_catalogue;
  "model/claimRules": typeof model_claimRules;
  "model/clue/capitalize": typeof model_clue_capitalize;
  "model/clue/forms": typeof model_clue_forms;
  "model/clue/index": typeof model_clue_index;
  "model/clue/markup": typeof model_clue_markup;
  "model/clue/pronouns": typeof model_clue_pronouns;
  "model/clue/replacements": typeof model_clue_replacements;
  "model/clue/roleWords": typeof model_clue_roleWords;
  "model/clue/roles": typeof model_clue_roles;
  "model/clue/sentences": typeof model_clue_sentences;
  "model/coverImages": typeof model_coverImages;
  "model/covers": typeof model_covers;
  "model/errors": typeof model_errors;
  "model/feedbackRules": typeof model_feedbackRules;
  "model/game": typeof model_game;
  "model/gameView": typeof model_gameView;
  "model/guess": typeof model_guess;
  "model/judge": typeof model_judge;
  "model/localTime": typeof model_localTime;
  "model/migrations": typeof model_migrations;
  "model/rank": typeof model_rank;
  "model/roomsAccess": typeof model_roomsAccess;
  "model/roomsCleanup": typeof model_roomsCleanup;
  "model/roomsDeal": typeof model_roomsDeal;
  "model/roomsLobby": typeof model_roomsLobby;
  "model/roomsPresence": typeof model_roomsPresence;
  "model/roomsScoring": typeof model_roomsScoring;
  "model/roomsTimeline": typeof model_roomsTimeline;
  "model/roomsView": typeof model_roomsView;
  "model/rules": typeof model_rules;
  "model/seen": typeof model_seen;
  "model/stats": typeof model_stats;
  "model/titleIndex": typeof model_titleIndex;
  "model/titleSuggestions": typeof model_titleSuggestions;
  "model/titles": typeof model_titles;
  "model/users": typeof model_users;
  rooms: typeof rooms;
  stats: typeof stats;
  titles: typeof titles;
  users: typeof users;
}>;
export declare const api: FilterApi<
  typeof fullApi,
  FunctionReference<any, "public">
>;
export declare const internal: FilterApi<
  typeof fullApi,
  FunctionReference<any, "internal">
>;
