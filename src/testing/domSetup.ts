import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// jsdom installs typed arrays of its own realm; Convex Auth's JWT signing checks
// `instanceof Uint8Array` against Node's, so put Node's back (Buffer extends it).
globalThis.Uint8Array = Object.getPrototypeOf(Buffer.prototype).constructor as Uint8ArrayConstructor;
globalThis.ArrayBuffer = Buffer.alloc(0).buffer.constructor as ArrayBufferConstructor;

afterEach(() => {
  cleanup();
});
