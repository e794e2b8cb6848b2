import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeAll } from "vitest";

// The app runs on real Convex functions: on a busy machine a click's result can take over a second.
configure({ asyncUtilTimeout: 5000 });

// jsdom installs typed arrays of its own realm; Convex Auth's JWT signing checks
// `instanceof Uint8Array` against Node's, so put Node's back (Buffer extends it).
globalThis.Uint8Array = (Object.getPrototypeOf(Buffer.prototype) as Uint8Array)
  .constructor as Uint8ArrayConstructor;
globalThis.ArrayBuffer = Buffer.alloc(0).buffer.constructor as ArrayBufferConstructor;

// The app talks to a backend that answers asynchronously, as a deployment does: tests wait for
// what the user sees (findBy…, waitFor) rather than wrap every update in act(). Testing Library
// turns React's act() checks on before all tests; off, React stops warning about those updates.
// (Testing Library's own render and events still run inside act.)
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

afterEach(() => {
  cleanup();
  // Sonner keeps toasts in a module-wide store and would replay them to the next test's Toaster.
  toast.dismiss();
});

// jsdom has no layout: react-router's scroll restoration calls this on every navigation.
window.scrollTo = () => {};

// jsdom has <dialog> but not its modal API (src/components/NativeDialog.tsx): as a browser's,
// opening sets `open`, closing removes it, fires "close" and gives the focus back to what had it.
const openers = new WeakMap<HTMLDialogElement, Element | null>();
const lacks = (name: string) =>
  typeof (HTMLDialogElement.prototype as unknown as Record<string, unknown>)[name] !== "function";
if (lacks("showModal")) {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    openers.set(this, document.activeElement);
    this.setAttribute("open", "");
  };
}
if (lacks("close")) {
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    if (!this.hasAttribute("open")) return;
    this.removeAttribute("open");
    const opener = openers.get(this);
    if (opener instanceof HTMLElement) opener.focus();
    this.dispatchEvent(new Event("close"));
  };
}
