// The landing page's initial JavaScript + CSS, gzip (issue 14), shared by the build's check
// (scripts/report-bundle.mjs) and `npm run bench`. Bytes are stable from build to build, so the
// build enforces them; timings are not, so they stay in the bench.

/** Issue 14's goal. */
export const LANDING_GOAL_GZIP_BYTES = 140_000;

/**
 * What `npm run build` fails above: the goal once the landing reaches it; until then the figure
 * reached so far, so that no change makes the landing heavier. Lower it as bytes come off.
 */
export const LANDING_CEILING_GZIP_BYTES = 155_000;
