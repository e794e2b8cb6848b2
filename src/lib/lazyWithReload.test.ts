import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { importWithReload, isChunkLoadError } from "./lazyWithReload";

const chunkGone = () =>
  Promise.reject(
    new TypeError("Failed to fetch dynamically imported module: https://x.test/assets/a.js"),
  );

/** Settles to "pending" if the promise has not settled after the queued work runs. */
async function stateOf(promise: Promise<unknown>): Promise<string> {
  return Promise.race([
    promise.then(
      () => "resolved",
      () => "rejected",
    ),
    new Promise((resolve) => setTimeout(() => resolve("pending"), 20)),
  ]) as Promise<string>;
}

describe("isChunkLoadError", () => {
  it.each([
    "Failed to fetch dynamically imported module: https://x.test/assets/a.js",
    "Importing a module script failed.",
    "error loading dynamically imported module: https://x.test/assets/a.js",
    "Unable to preload CSS for /assets/a.css",
  ])("recognises %s", (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it("recognises a ChunkLoadError by name", () => {
    const error = new Error("Loading failed");
    error.name = "ChunkLoadError";
    expect(isChunkLoadError(error)).toBe(true);
  });

  it("ignores other errors and non-errors", () => {
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError("Failed to fetch dynamically imported module")).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});

describe("importWithReload", () => {
  beforeEach(() => {
    sessionStorage.clear();
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2025-01-01T12:00:00Z") });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("returns the module when the chunk loads", async () => {
    const reload = vi.fn();
    await expect(importWithReload(() => Promise.resolve({ answer: 42 }), reload)).resolves.toEqual({
      answer: 42,
    });
    expect(reload).not.toHaveBeenCalled();
  });

  it("reloads the page once when a chunk is gone, and renders nothing meanwhile", async () => {
    const reload = vi.fn();
    const result = importWithReload(chunkGone, reload);
    expect(await stateOf(result)).toBe("pending");
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("does not reload again right after a reload: the error reaches the error screen", async () => {
    const firstReload = vi.fn();
    void importWithReload(chunkGone, firstReload);
    await vi.waitFor(() => expect(firstReload).toHaveBeenCalledTimes(1));

    vi.setSystemTime(new Date("2025-01-01T12:00:30Z"));
    const secondReload = vi.fn();
    await expect(importWithReload(chunkGone, secondReload)).rejects.toThrow(
      "Failed to fetch dynamically imported module",
    );
    expect(secondReload).not.toHaveBeenCalled();
  });

  it("reloads again for a later deploy, long after the last reload", async () => {
    const firstReload = vi.fn();
    void importWithReload(chunkGone, firstReload);
    await vi.waitFor(() => expect(firstReload).toHaveBeenCalledTimes(1));

    vi.setSystemTime(new Date("2025-01-01T13:00:00Z"));
    const laterReload = vi.fn();
    void importWithReload(chunkGone, laterReload);
    await vi.waitFor(() => expect(laterReload).toHaveBeenCalledTimes(1));
  });

  it("rethrows errors that are not chunk failures without reloading", async () => {
    const reload = vi.fn();
    await expect(
      importWithReload(() => Promise.reject(new Error("Module evaluation failed")), reload),
    ).rejects.toThrow("Module evaluation failed");
    expect(reload).not.toHaveBeenCalled();
  });

  it("never reloads when sessionStorage is unavailable, so it cannot loop", async () => {
    const getItem = vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new DOMException("blocked", "SecurityError");
    });
    const reload = vi.fn();
    await expect(importWithReload(chunkGone, reload)).rejects.toThrow();
    expect(reload).not.toHaveBeenCalled();
    getItem.mockRestore();
  });
});
