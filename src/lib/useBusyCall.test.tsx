import { act, renderHook } from "@testing-library/react";
import { ConvexError } from "convex/values";
import { afterEach, expect, test, vi } from "vitest";
import { appError } from "@convex/model/shared/errors";
import { notify } from "./notify";
import { useBusyCall } from "./useBusyCall";

vi.mock("./notify", () => ({ notify: vi.fn(() => Promise.resolve()) }));

afterEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

const options = { success: "Done!", failure: () => "It failed", logAs: "Test call failed" };

test("is working while the call runs, ignores a second start meanwhile, and toasts the success", async () => {
  const { result } = renderHook(() => useBusyCall());
  let finish!: (value: string) => void;
  const call = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));

  let first!: Promise<unknown>;
  act(() => {
    first = result.current.run(call, options);
  });
  expect(result.current.working).toBe(true);
  let second: unknown;
  await act(async () => {
    second = await result.current.run(call, options);
  });
  expect(second).toBeNull();
  expect(call).toHaveBeenCalledTimes(1);

  await act(async () => {
    finish("value");
    expect(await first).toEqual({ ok: true, value: "value" });
  });
  expect(result.current.working).toBe(false);
  expect(notify).toHaveBeenCalledWith("success", "Done!");
});

test("a coded refusal is a toast and a result, not a logged fault; a fault is logged", async () => {
  const logged = vi.spyOn(console, "error").mockImplementation(() => {});
  const { result } = renderHook(() => useBusyCall());
  const failure = (error: unknown) =>
    error instanceof ConvexError ? "Refused" : "Something broke";

  let outcome: unknown;
  await act(async () => {
    outcome = await result.current.run(() => Promise.reject(appError("FORBIDDEN")), {
      ...options,
      failure,
    });
  });
  expect(outcome).toEqual({ ok: false, message: "Refused" });
  expect(notify).toHaveBeenCalledWith("error", "Refused");
  expect(logged).not.toHaveBeenCalled();

  await act(async () => {
    outcome = await result.current.run(() => Promise.reject(new Error("network")), {
      ...options,
      failure,
      toastFailure: false,
    });
  });
  expect(outcome).toEqual({ ok: false, message: "Something broke" });
  expect(notify).toHaveBeenCalledTimes(1);
  expect(logged).toHaveBeenCalledWith("Test call failed", expect.any(Error));
  expect(result.current.working).toBe(false);
});
