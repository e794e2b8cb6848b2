/**
 * The Daily's skip link (rendered first on the page by the app's layout, from the /daily route's
 * handle), past the top bar to what the Daily shows: the guess form while an anime is in play
 * (its box takes the focus), the day's result once it is finished (its first button). A module
 * of its own: the routes import it.
 */
export const DAILY_SKIP_TARGET_ID = "daily-main";

export const SKIP_TO_DAILY = {
  targetId: DAILY_SKIP_TARGET_ID,
  label: "Skip to the Daily",
} as const;
