import { act, renderHook } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import { notify } from "./notify";
import { useShare } from "./useShare";

vi.mock("./notify", () => ({ notify: vi.fn(() => Promise.resolve()) }));

afterEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const messages = {
  copied: "Copied!",
  copyFailed: "Could not copy: here it is",
  subject: "the result",
};

function withNavigator(stubs: {
  share?: Navigator["share"];
  writeText?: (text: string) => Promise<void>;
}) {
  vi.stubGlobal("navigator", {
    ...navigator,
    share: stubs.share,
    clipboard: { writeText: stubs.writeText ?? vi.fn(() => Promise.resolve()) },
  });
}

test("Copy puts the text on the clipboard and says so; no share sheet, no Share", async () => {
  const writeText = vi.fn((_text: string) => Promise.resolve());
  withNavigator({ writeText });
  const { result } = renderHook(() => useShare("🟩🟥 4/5", messages));
  expect(result.current.canShare).toBe(false);

  await act(() => result.current.copy());
  expect(writeText).toHaveBeenCalledWith("🟩🟥 4/5");
  expect(notify).toHaveBeenCalledWith("success", "Copied!");
});

test("a clipboard that refuses: the toast says where the text is, and the fault is logged", async () => {
  const logged = vi.spyOn(console, "error").mockImplementation(() => {});
  withNavigator({ writeText: () => Promise.reject(new Error("denied")) });
  const { result } = renderHook(() => useShare("text", messages));

  await act(() => result.current.copy());
  expect(notify).toHaveBeenCalledWith("error", "Could not copy: here it is");
  expect(logged).toHaveBeenCalledWith("Copying the result failed", expect.any(Error));
});

test("Share hands the text to the share sheet; closing the sheet is no failure, anything else is", async () => {
  const logged = vi.spyOn(console, "error").mockImplementation(() => {});
  const share = vi.fn((_data: ShareData) => Promise.resolve());
  withNavigator({ share });
  const { result } = renderHook(() => useShare("text", messages));
  expect(result.current.canShare).toBe(true);

  await act(() => result.current.share());
  expect(share).toHaveBeenCalledWith({ text: "text" });

  share.mockRejectedValueOnce(new DOMException("Share canceled", "AbortError"));
  await act(() => result.current.share());
  expect(notify).not.toHaveBeenCalled();
  expect(logged).not.toHaveBeenCalled();

  share.mockRejectedValueOnce(new DOMException("Not allowed", "NotAllowedError"));
  await act(() => result.current.share());
  expect(notify).toHaveBeenCalledWith("error", "Could not open sharing. Copy the text instead.");
  expect(logged).toHaveBeenCalledWith("Sharing the result failed", expect.any(DOMException));
});
