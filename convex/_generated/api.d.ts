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
import type * as model_accounts from "../model/accounts.js";
import type * as model_admin from "../model/admin.js";
import type * as model_adminClaim from "../model/adminClaim.js";
import type * as model_analytics from "../model/analytics.js";
import type * as model_anilist from "../model/anilist.js";
import type * as model_beta from "../model/beta.js";
import type * as model_catalogue from "../model/catalogue.js";
import type * as model_claimRules from "../model/claimRules.js";
import type * as model_clue_forms from "../model/clue/forms.js";
import type * as model_clue_index from "../model/clue/index.js";
import type * as model_clue_markup from "../model/clue/markup.js";
import type * as model_clue_pronouns from "../model/clue/pronouns.js";
import type * as model_clue_replacements from "../model/clue/replacements.js";
import type * as model_clue_sentences from "../model/clue/sentences.js";
import type * as model_coverImages from "../model/coverImages.js";
import type * as model_covers from "../model/covers.js";
import type * as model_errors from "../model/errors.js";
import type * as model_feedbackRules from "../model/feedbackRules.js";
import type * as model_game from "../model/game.js";
import type * as model_guess from "../model/guess.js";
import type * as model_judge from "../model/judge.js";
import type * as model_leaderboard from "../model/leaderboard.js";
import type * as model_localTime from "../model/localTime.js";
import type * as model_rules from "../model/rules.js";
import type * as model_seen from "../model/seen.js";
import type * as model_titleIndex from "../model/titleIndex.js";
import type * as model_titles from "../model/titles.js";
import type * as model_users from "../model/users.js";
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
  "model/accounts": typeof model_accounts;
  "model/admin": typeof model_admin;
  "model/adminClaim": typeof model_adminClaim;
  "model/analytics": typeof model_analytics;
  "model/anilist": typeof model_anilist;
  "model/beta": typeof model_beta;
  "model/catalogue": typeof model_catalogue;
  "model/claimRules": typeof model_claimRules;
  "model/clue/forms": typeof model_clue_forms;
  "model/clue/index": typeof model_clue_index;
  "model/clue/markup": typeof model_clue_markup;
  "model/clue/pronouns": typeof model_clue_pronouns;
  "model/clue/replacements": typeof model_clue_replacements;
  "model/clue/sentences": typeof model_clue_sentences;
  "model/coverImages": typeof model_coverImages;
  "model/covers": typeof model_covers;
  "model/errors": typeof model_errors;
  "model/feedbackRules": typeof model_feedbackRules;
  "model/game": typeof model_game;
  "model/guess": typeof model_guess;
  "model/judge": typeof model_judge;
  "model/leaderboard": typeof model_leaderboard;
  "model/localTime": typeof model_localTime;
  "model/rules": typeof model_rules;
  "model/seen": typeof model_seen;
  "model/titleIndex": typeof model_titleIndex;
  "model/titles": typeof model_titles;
  "model/users": typeof model_users;
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
