/**
 * The Daily's skip link (rendered first on the page by the app's layout, from the /daily route's
 * handle), past the top bar to the guess form. A module of its own: the routes import it.
 */
export const DAILY_GUESS_FORM_ID = "daily-guess";

export const SKIP_TO_DAILY_GUESS = {
  targetId: DAILY_GUESS_FORM_ID,
  label: "Skip to guess",
} as const;
