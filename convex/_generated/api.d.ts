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
import type * as contests from "../contests.js";
import type * as coverMaker from "../coverMaker.js";
import type * as covers from "../covers.js";
import type * as crons from "../crons.js";
import type * as daily from "../daily.js";
import type * as functions from "../functions.js";
import type * as game from "../game.js";
import type * as http from "../http.js";
import type * as leaderboard from "../leaderboard.js";
import type * as migrations from "../migrations.js";
import type * as model_accounts_adminClaim from "../model/accounts/adminClaim.js";
import type * as model_accounts_credentials from "../model/accounts/credentials.js";
import type * as model_accounts_deletion from "../model/accounts/deletion.js";
import type * as model_accounts_passwordReset from "../model/accounts/passwordReset.js";
import type * as model_accounts_profile from "../model/accounts/profile.js";
import type * as model_accounts_tables from "../model/accounts/tables.js";
import type * as model_accounts_usernameKey from "../model/accounts/usernameKey.js";
import type * as model_accounts_users from "../model/accounts/users.js";
import type * as model_beta_dashboard from "../model/beta/dashboard.js";
import type * as model_beta_feedback from "../model/beta/feedback.js";
import type * as model_beta_tables from "../model/beta/tables.js";
import type * as model_boards_board from "../model/boards/board.js";
import type * as model_boards_rank from "../model/boards/rank.js";
import type * as model_boards_tables from "../model/boards/tables.js";
import type * as model_catalogue_anilist from "../model/catalogue/anilist.js";
import type * as model_catalogue_clue_capitalize from "../model/catalogue/clue/capitalize.js";
import type * as model_catalogue_clue_forms from "../model/catalogue/clue/forms.js";
import type * as model_catalogue_clue_index from "../model/catalogue/clue/index.js";
import type * as model_catalogue_clue_markup from "../model/catalogue/clue/markup.js";
import type * as model_catalogue_clue_names from "../model/catalogue/clue/names.js";
import type * as model_catalogue_clue_pronouns from "../model/catalogue/clue/pronouns.js";
import type * as model_catalogue_clue_redact from "../model/catalogue/clue/redact.js";
import type * as model_catalogue_clue_replacements from "../model/catalogue/clue/replacements.js";
import type * as model_catalogue_clue_roundClue from "../model/catalogue/clue/roundClue.js";
import type * as model_catalogue_clue_sentences from "../model/catalogue/clue/sentences.js";
import type * as model_catalogue_clue_titleWords from "../model/catalogue/clue/titleWords.js";
import type * as model_catalogue_coverImages from "../model/catalogue/coverImages.js";
import type * as model_catalogue_coverQueue from "../model/catalogue/coverQueue.js";
import type * as model_catalogue_covers from "../model/catalogue/covers.js";
import type * as model_catalogue_pool from "../model/catalogue/pool.js";
import type * as model_catalogue_refresh from "../model/catalogue/refresh.js";
import type * as model_catalogue_refreshLog from "../model/catalogue/refreshLog.js";
import type * as model_catalogue_tables from "../model/catalogue/tables.js";
import type * as model_contests_acceptedNames from "../model/contests/acceptedNames.js";
import type * as model_contests_review from "../model/contests/review.js";
import type * as model_contests_send from "../model/contests/send.js";
import type * as model_contests_tables from "../model/contests/tables.js";
import type * as model_daily_candidates from "../model/daily/candidates.js";
import type * as model_daily_play from "../model/daily/play.js";
import type * as model_daily_poolHint from "../model/daily/poolHint.js";
import type * as model_daily_puzzle from "../model/daily/puzzle.js";
import type * as model_daily_reserve from "../model/daily/reserve.js";
import type * as model_daily_results from "../model/daily/results.js";
import type * as model_daily_streak from "../model/daily/streak.js";
import type * as model_daily_tables from "../model/daily/tables.js";
import type * as model_daily_view from "../model/daily/view.js";
import type * as model_game_activity from "../model/game/activity.js";
import type * as model_game_catchUp from "../model/game/catchUp.js";
import type * as model_game_cooldown from "../model/game/cooldown.js";
import type * as model_game_deal from "../model/game/deal.js";
import type * as model_game_play from "../model/game/play.js";
import type * as model_game_reset from "../model/game/reset.js";
import type * as model_game_state from "../model/game/state.js";
import type * as model_game_stats from "../model/game/stats.js";
import type * as model_game_tables from "../model/game/tables.js";
import type * as model_game_view from "../model/game/view.js";
import type * as model_game_withdraw from "../model/game/withdraw.js";
import type * as model_judge_acronyms from "../model/judge/acronyms.js";
import type * as model_judge_everydayWordList from "../model/judge/everydayWordList.js";
import type * as model_judge_everydayWords from "../model/judge/everydayWords.js";
import type * as model_judge_genericWords from "../model/judge/genericWords.js";
import type * as model_judge_match from "../model/judge/match.js";
import type * as model_judge_normalize from "../model/judge/normalize.js";
import type * as model_judge_refusal from "../model/judge/refusal.js";
import type * as model_judge_rowDiff from "../model/judge/rowDiff.js";
import type * as model_judge_scoringPhrases from "../model/judge/scoringPhrases.js";
import type * as model_judge_suggestions from "../model/judge/suggestions.js";
import type * as model_judge_tables from "../model/judge/tables.js";
import type * as model_judge_titleForms from "../model/judge/titleForms.js";
import type * as model_judge_titleIndex from "../model/judge/titleIndex.js";
import type * as model_judge_typoIndex from "../model/judge/typoIndex.js";
import type * as model_judge_verdict from "../model/judge/verdict.js";
import type * as model_ops_budget from "../model/ops/budget.js";
import type * as model_ops_migrations from "../model/ops/migrations.js";
import type * as model_ops_tables from "../model/ops/tables.js";
import type * as model_rooms_access from "../model/rooms/access.js";
import type * as model_rooms_cleanup from "../model/rooms/cleanup.js";
import type * as model_rooms_deal from "../model/rooms/deal.js";
import type * as model_rooms_jobs from "../model/rooms/jobs.js";
import type * as model_rooms_joinLimit from "../model/rooms/joinLimit.js";
import type * as model_rooms_lobby from "../model/rooms/lobby.js";
import type * as model_rooms_places from "../model/rooms/places.js";
import type * as model_rooms_presence from "../model/rooms/presence.js";
import type * as model_rooms_privacy from "../model/rooms/privacy.js";
import type * as model_rooms_scoring from "../model/rooms/scoring.js";
import type * as model_rooms_tables from "../model/rooms/tables.js";
import type * as model_rooms_timeline from "../model/rooms/timeline.js";
import type * as model_rooms_view from "../model/rooms/view.js";
import type * as model_round_dailyBar from "../model/round/dailyBar.js";
import type * as model_round_dealBar from "../model/round/dealBar.js";
import type * as model_round_history from "../model/round/history.js";
import type * as model_round_judgeRound from "../model/round/judgeRound.js";
import type * as model_round_outcomes from "../model/round/outcomes.js";
import type * as model_round_seen from "../model/round/seen.js";
import type * as model_round_tables from "../model/round/tables.js";
import type * as model_shared_accountRules from "../model/shared/accountRules.js";
import type * as model_shared_accounts from "../model/shared/accounts.js";
import type * as model_shared_claimRules from "../model/shared/claimRules.js";
import type * as model_shared_errors from "../model/shared/errors.js";
import type * as model_shared_feedbackRules from "../model/shared/feedbackRules.js";
import type * as model_shared_localTime from "../model/shared/localTime.js";
import type * as model_shared_rank from "../model/shared/rank.js";
import type * as model_shared_rules from "../model/shared/rules.js";
import type * as model_shared_sameValue from "../model/shared/sameValue.js";
import type * as model_tallies_chain from "../model/tallies/chain.js";
import type * as model_tallies_fold from "../model/tallies/fold.js";
import type * as model_tallies_record from "../model/tallies/record.js";
import type * as model_tallies_tables from "../model/tallies/tables.js";
import type * as model_tallies_tally from "../model/tallies/tally.js";
import type * as rooms from "../rooms.js";
import type * as stats from "../stats.js";
import type * as tallies from "../tallies.js";
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
  contests: typeof contests;
  coverMaker: typeof coverMaker;
  covers: typeof covers;
  crons: typeof crons;
  daily: typeof daily;
  functions: typeof functions;
  game: typeof game;
  http: typeof http;
  leaderboard: typeof leaderboard;
  migrations: typeof migrations;
  "model/accounts/adminClaim": typeof model_accounts_adminClaim;
  "model/accounts/credentials": typeof model_accounts_credentials;
  "model/accounts/deletion": typeof model_accounts_deletion;
  "model/accounts/passwordReset": typeof model_accounts_passwordReset;
  "model/accounts/profile": typeof model_accounts_profile;
  "model/accounts/tables": typeof model_accounts_tables;
  "model/accounts/usernameKey": typeof model_accounts_usernameKey;
  "model/accounts/users": typeof model_accounts_users;
  "model/beta/dashboard": typeof model_beta_dashboard;
  "model/beta/feedback": typeof model_beta_feedback;
  "model/beta/tables": typeof model_beta_tables;
  "model/boards/board": typeof model_boards_board;
  "model/boards/rank": typeof model_boards_rank;
  "model/boards/tables": typeof model_boards_tables;
  "model/catalogue/anilist": typeof model_catalogue_anilist;
  "model/catalogue/clue/capitalize": typeof model_catalogue_clue_capitalize;
  "model/catalogue/clue/forms": typeof model_catalogue_clue_forms;
  "model/catalogue/clue/index": typeof model_catalogue_clue_index;
  "model/catalogue/clue/markup": typeof model_catalogue_clue_markup;
  "model/catalogue/clue/names": typeof model_catalogue_clue_names;
  "model/catalogue/clue/pronouns": typeof model_catalogue_clue_pronouns;
  "model/catalogue/clue/redact": typeof model_catalogue_clue_redact;
  "model/catalogue/clue/replacements": typeof model_catalogue_clue_replacements;
  "model/catalogue/clue/roundClue": typeof model_catalogue_clue_roundClue;
  "model/catalogue/clue/sentences": typeof model_catalogue_clue_sentences;
  "model/catalogue/clue/titleWords": typeof model_catalogue_clue_titleWords;
  "model/catalogue/coverImages": typeof model_catalogue_coverImages;
  "model/catalogue/coverQueue": typeof model_catalogue_coverQueue;
  "model/catalogue/covers": typeof model_catalogue_covers;
  "model/catalogue/pool": typeof model_catalogue_pool;
  "model/catalogue/refresh": typeof model_catalogue_refresh;
  "model/catalogue/refreshLog": typeof model_catalogue_refreshLog;
  "model/catalogue/tables": typeof model_catalogue_tables;
  "model/contests/acceptedNames": typeof model_contests_acceptedNames;
  "model/contests/review": typeof model_contests_review;
  "model/contests/send": typeof model_contests_send;
  "model/contests/tables": typeof model_contests_tables;
  "model/daily/candidates": typeof model_daily_candidates;
  "model/daily/play": typeof model_daily_play;
  "model/daily/poolHint": typeof model_daily_poolHint;
  "model/daily/puzzle": typeof model_daily_puzzle;
  "model/daily/reserve": typeof model_daily_reserve;
  "model/daily/results": typeof model_daily_results;
  "model/daily/streak": typeof model_daily_streak;
  "model/daily/tables": typeof model_daily_tables;
  "model/daily/view": typeof model_daily_view;
  "model/game/activity": typeof model_game_activity;
  "model/game/catchUp": typeof model_game_catchUp;
  "model/game/cooldown": typeof model_game_cooldown;
  "model/game/deal": typeof model_game_deal;
  "model/game/play": typeof model_game_play;
  "model/game/reset": typeof model_game_reset;
  "model/game/state": typeof model_game_state;
  "model/game/stats": typeof model_game_stats;
  "model/game/tables": typeof model_game_tables;
  "model/game/view": typeof model_game_view;
  "model/game/withdraw": typeof model_game_withdraw;
  "model/judge/acronyms": typeof model_judge_acronyms;
  "model/judge/everydayWordList": typeof model_judge_everydayWordList;
  "model/judge/everydayWords": typeof model_judge_everydayWords;
  "model/judge/genericWords": typeof model_judge_genericWords;
  "model/judge/match": typeof model_judge_match;
  "model/judge/normalize": typeof model_judge_normalize;
  "model/judge/refusal": typeof model_judge_refusal;
  "model/judge/rowDiff": typeof model_judge_rowDiff;
  "model/judge/scoringPhrases": typeof model_judge_scoringPhrases;
  "model/judge/suggestions": typeof model_judge_suggestions;
  "model/judge/tables": typeof model_judge_tables;
  "model/judge/titleForms": typeof model_judge_titleForms;
  "model/judge/titleIndex": typeof model_judge_titleIndex;
  "model/judge/typoIndex": typeof model_judge_typoIndex;
  "model/judge/verdict": typeof model_judge_verdict;
  "model/ops/budget": typeof model_ops_budget;
  "model/ops/migrations": typeof model_ops_migrations;
  "model/ops/tables": typeof model_ops_tables;
  "model/rooms/access": typeof model_rooms_access;
  "model/rooms/cleanup": typeof model_rooms_cleanup;
  "model/rooms/deal": typeof model_rooms_deal;
  "model/rooms/jobs": typeof model_rooms_jobs;
  "model/rooms/joinLimit": typeof model_rooms_joinLimit;
  "model/rooms/lobby": typeof model_rooms_lobby;
  "model/rooms/places": typeof model_rooms_places;
  "model/rooms/presence": typeof model_rooms_presence;
  "model/rooms/privacy": typeof model_rooms_privacy;
  "model/rooms/scoring": typeof model_rooms_scoring;
  "model/rooms/tables": typeof model_rooms_tables;
  "model/rooms/timeline": typeof model_rooms_timeline;
  "model/rooms/view": typeof model_rooms_view;
  "model/round/dailyBar": typeof model_round_dailyBar;
  "model/round/dealBar": typeof model_round_dealBar;
  "model/round/history": typeof model_round_history;
  "model/round/judgeRound": typeof model_round_judgeRound;
  "model/round/outcomes": typeof model_round_outcomes;
  "model/round/seen": typeof model_round_seen;
  "model/round/tables": typeof model_round_tables;
  "model/shared/accountRules": typeof model_shared_accountRules;
  "model/shared/accounts": typeof model_shared_accounts;
  "model/shared/claimRules": typeof model_shared_claimRules;
  "model/shared/errors": typeof model_shared_errors;
  "model/shared/feedbackRules": typeof model_shared_feedbackRules;
  "model/shared/localTime": typeof model_shared_localTime;
  "model/shared/rank": typeof model_shared_rank;
  "model/shared/rules": typeof model_shared_rules;
  "model/shared/sameValue": typeof model_shared_sameValue;
  "model/tallies/chain": typeof model_tallies_chain;
  "model/tallies/fold": typeof model_tallies_fold;
  "model/tallies/record": typeof model_tallies_record;
  "model/tallies/tables": typeof model_tallies_tables;
  "model/tallies/tally": typeof model_tallies_tally;
  rooms: typeof rooms;
  stats: typeof stats;
  tallies: typeof tallies;
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
