import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// jsdom installs typed arrays of its own realm; Convex Auth's JWT signing checks
// `instanceof Uint8Array` against Node's, so put Node's back (Buffer extends it).
globalThis.Uint8Array = (Object.getPrototypeOf(Buffer.prototype) as Uint8Array)
  .constructor as Uint8ArrayConstructor;
globalThis.ArrayBuffer = Buffer.alloc(0).buffer.constructor as ArrayBufferConstructor;

afterEach(() => {
  cleanup();
});

// jsdom has no layout: react-router's scroll restoration calls this on every navigation.
window.scrollTo = () => {};
