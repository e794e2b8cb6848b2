/**
 * What the boot (the code that runs before React: head.ts, start.ts, game.ts), the build that
 * writes it into index.html (scripts/prerender) and the app agree on. Free of imports: the build's
 * plugin reads it in Node.
 */

/** The JSON beside the root that the boot reads: built files' addresses, the deployment's. */
export const BOOT_DATA_ID = "boot-data";

/** The entry script, once the boot has started it: found by this id, it is never started twice. */
export const APP_SCRIPT_ID = "app-entry";

/** Set on <html> while another path's page still holds the landing page's markup (index.css). */
export const OTHER_PATH_ATTRIBUTE = "data-landing-markup";

/**
 * Set on <html> on the landing page when the app has kept a signed-in player's token (head.ts):
 * the prerendered page is a visitor's, so index.css hides its visitor controls (Login, Start
 * Playing) until React has rendered the player's own (src/main.tsx).
 */
export const RETURNING_PLAYER_ATTRIBUTE = "data-returning-player";

/** The page whose round the boot asks Convex for and paints. */
export const GAME_ROUTE = "/game";

/**
 * The Element Timing name of the clue the boot paints (its `elementtiming` attribute): the boot
 * starts the app once the browser reports that paint. The clue, not the page's largest paint,
 * which may be another element (the top bar's title, or the cover once React shows it).
 */
export const PAINTED_CLUE_TIMING = "painted-clue";

/** How long the app's scripts wait for the boot's round at most: a slow answer holds nothing. */
export const APP_WAIT_LIMIT_MS = 1000;

/**
 * Where the app keeps the signed-in player's Convex Auth token for the boot (src/boot/token.ts):
 * the app's own key, so the boot depends on nothing of Convex Auth's storage.
 */
export const TOKEN_STORAGE_KEY = "animeGuess.token";

/**
 * The IANA time zone the game last reported, kept by the game screen. The boot sends it, so that
 * it need not look the zone up itself: the lookup (ICU's first use) costs some 20 ms of a fast
 * CPU, a long task on a phone. The screen reports a zone that has changed since.
 */
export const TIME_ZONE_STORAGE_KEY = "animeGuess.timeZone";

/**
 * Whether someone has signed in on this device before (src/lib/auth/deviceMemory.ts): a visitor's
 * first card opens sign-up, a returning one's log-in; the boot reads it too (start.ts).
 */
export const SIGNED_IN_HERE_STORAGE_KEY = "anime-guess:signed-in-here";

/** The landing page's own sign-up and log-in dialogs (src/features/landing/WelcomeDialogs.tsx). */
export const WELCOME_DIALOG_IDS = { signUp: "welcome-sign-up", login: "welcome-log-in" } as const;
/** On a landing form React has taken over: the boot's hold lets its submits through. */
export const FORM_LIVE_ATTRIBUTE = "data-live";
/** On a landing form sent before React had it: React sends it again once it has the form. */
export const FORM_HELD_ATTRIBUTE = "data-held";

/**
 * On the landing page's controls that open those dialogs: where a new player goes after signing
 * up ("/game", "/daily").
 */
export const WELCOME_ATTRIBUTE = "data-welcome";
/**
 * On the top bar's Login: on the landing page before React has it, the boot opens the page's own
 * log-in dialog (WELCOME_DIALOG_IDS.login); once React has the page, the app's own opens.
 */
export const LOGIN_OPENER_ATTRIBUTE = "data-opens-log-in";
/**
 * On a landing dialog's way to the other ("Sign up here", "Login here"): which one, a key of
 * WELCOME_DIALOG_IDS. Before React has the page, the boot switches them itself.
 */
export const DIALOG_SWITCH_ATTRIBUTE = "data-switch-to";
/**
 * On a landing dialog's button that needs the app ("Forgot password?"): tapped before React has the
 * page, it is tapped again once React has it (src/main.tsx), as a button outside the dialogs is.
 */
export const NEEDS_APP_ATTRIBUTE = "data-needs-app";

/** What the build writes beside the root (BOOT_DATA_ID). */
export type BootData = {
  /** The main script and what it imports. */
  entry: string;
  entryImports: string[];
  /** Each lazy route's chunks that the entry does not load ("/game": [URLs]). */
  routes: Record<string, string[]>;
  /** The Convex session's chunks, which every page but the landing page needs at once. */
  session: string[];
  /** The deployment's address as the app's client has it (a path on the e2e build). */
  convexUrl: string;
  /** The origin of the deployment's HTTP actions, the covers' (null on the e2e build). */
  convexSite: string | null;
  /** The /game boot script (game.ts, built). */
  game: string;
};

/** Convex's HTTP API answer: the call's value, or its error. */
export type BootAnswer =
  | { status: "success"; value: unknown }
  | { status: "error"; errorMessage: string; errorData?: unknown };

/** The boot's game:open call on /game, as the game screen finds it (src/boot/gameCall.ts). */
export type BootGame = {
  promise: Promise<BootAnswer | null>;
  /** The answer, once it has come. */
  answer: BootAnswer | null;
  /** The time zone the call sent. */
  timeZone: string;
  /** Set once React has rendered the game: the boot then paints nothing more. */
  taken?: boolean;
};

/** The landing page's button last clicked before React hydrated it: src/main.tsx clicks it again. */
export type LandingClick = {
  button: HTMLButtonElement | null;
  /** Its text: a returning player's page is rendered anew, so the button is found again by it. */
  label: string;
  /** Stops listening for clicks. */
  stop: () => void;
};

/** The painted round's guess box: typed into before React has the page. */
export type PaintedGuessBox = {
  input: HTMLInputElement;
  /** Whether it had the focus last (a box removed while focused reports no blur). */
  focused: boolean;
};

/** What the boot leaves the app. */
export type Boot = {
  /** On /game, its game:open call. */
  game?: BootGame;
  /** On the landing page, a click made before React took the page. */
  landingClick?: LandingClick;
  /**
   * On /game, the painted round's guess box (paintRound.ts): what the player typed in it before
   * React's screen replaced it, which that screen's first guess box takes over.
   */
  guessBox?: PaintedGuessBox;
  /** On the landing page, where a sign-up opened before React took the page leads (WELCOME_ATTRIBUTE). */
  welcomeNext?: string;
};

declare global {
  interface Window {
    /** The boot's one global: what it leaves the app. */
    __boot?: Boot;
  }
}
