import type { ConvexReactClient } from "convex/react";
import { ConvexTestClient } from "../ConvexTestClient";
import { HttpBackend } from "./httpBackend";
import { E2E_BASE_PATH } from "./protocol";

/** The app's Convex client in the e2e build: the real functions, run by convex-test in the preview server. */
export function createE2eClient(): ConvexReactClient {
  const address = `${window.location.origin}${E2E_BASE_PATH}`;
  return new ConvexTestClient(new HttpBackend(address), address).asReactClient();
}
