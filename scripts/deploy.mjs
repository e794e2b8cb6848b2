// `npm run deploy`: refuses a target that would sign nobody in, deploys with
// `npx convex deploy --cmd 'npm run build'`, then checks the deployment's sign-in endpoints
// (scripts/deploy/). `npm run deploy -- --check` runs the preflight alone.
import { runDeploy } from "./deploy/run.mjs";

process.exitCode = await runDeploy({
  argv: process.argv.slice(2),
  env: process.env,
  cwd: process.cwd(),
});
