// The landing page's initial JavaScript + CSS, gzip, shared by the build's check
// (scripts/report-bundle.mjs, which fails `npm run build` above the ceiling) and `npm run bench`.
// Bytes are stable from build to build, so the build enforces them; timings are not, so they
// stay in the bench.

/** The landing page's goal for its first JavaScript and CSS. */
export const LANDING_GOAL_GZIP_BYTES = 140_000;

/** What `npm run build` fails above: the goal itself, now that the landing meets it. */
export const LANDING_CEILING_GZIP_BYTES = LANDING_GOAL_GZIP_BYTES;
