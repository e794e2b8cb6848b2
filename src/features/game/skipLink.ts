/**
 * The game's skip link (rendered first on the page by the app's layout, from the /game route's
 * handle): it moves the focus past the top bar to the guess form's first usable control. Kept in
 * a module of its own, free of the game's code, as the routes (in the first chunk) import it.
 */
export const GUESS_FORM_ID = "guess";

export const SKIP_TO_GUESS = { targetId: GUESS_FORM_ID, label: "Skip to guess" } as const;
