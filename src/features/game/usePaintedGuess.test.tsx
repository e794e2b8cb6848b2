import { fireEvent, render, screen } from "@testing-library/react";
import { useRef, useState } from "react";
import { afterEach, expect, test, vi } from "vitest";
import { usePaintedGuess } from "./usePaintedGuess";

afterEach(() => {
  window.__boot = undefined;
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

/** The guess box as GuessForm holds it: its text in state, taken over from the painted box. */
function GuessBox() {
  const box = useRef<HTMLInputElement>(null);
  const [text, setText] = useState("");
  usePaintedGuess(box, setText);
  return (
    <input
      aria-label="Your guess"
      ref={box}
      value={text}
      onChange={(e) => setText(e.target.value)}
    />
  );
}

/** The round the boot painted, its box focused, holding `value` with the caret at `caret`. */
function paintedBox(value: string, caret: number) {
  const input = document.createElement("input");
  document.body.append(input);
  input.value = value;
  input.focus();
  input.setSelectionRange(caret, caret);
  window.__boot = { guessBox: { input, focused: true } };
  input.remove();
}

/** Holds back the frame in which the caret is put back, to run it when the test says. */
function holdNextFrame(): () => void {
  let frame: FrameRequestCallback = () => {};
  vi.spyOn(window, "requestAnimationFrame").mockImplementation((callback) => {
    frame = callback;
    return 1;
  });
  return () => frame(0);
}

test("what was typed into the painted box is taken over: the text, the focus and the caret", () => {
  paintedBox("spir", 2);
  const runFrame = holdNextFrame();
  render(<GuessBox />);
  const box = screen.getByRole<HTMLInputElement>("textbox", { name: "Your guess" });
  expect(box).toHaveValue("spir");
  expect(box).toHaveFocus();
  runFrame();
  expect(box.selectionStart).toBe(2);
  expect(window.__boot?.guessBox).toBeUndefined();
});

test("a key typed before the caret is put back keeps its place: the caret is left where it put it", () => {
  paintedBox("s", 1);
  const runFrame = holdNextFrame();
  render(<GuessBox />);
  const box = screen.getByRole<HTMLInputElement>("textbox", { name: "Your guess" });
  // The next key reaches React's box before the frame: put back, the old caret would send the
  // keys after it between "s" and "p" ("sirtedp" for "spirted", seen at 320×640).
  fireEvent.change(box, { target: { value: "sp" } });
  box.setSelectionRange(2, 2);
  runFrame();
  expect(box).toHaveValue("sp");
  expect(box.selectionStart).toBe(2);
});
