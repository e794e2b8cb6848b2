import { render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { expect, test, vi } from "vitest";
import { NativeDialog } from "./NativeDialog";

function Dialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <NativeDialog id="d" open={open} onOpenChange={onOpenChange} title="Title" description="Text">
      <button type="button">Inside</button>
    </NativeDialog>
  );
}

const dialogElement = () => document.getElementById("d") as HTMLDialogElement;

test("React's wish opens and closes the dialog", () => {
  const { rerender } = render(<Dialog open={false} onOpenChange={() => {}} />);
  expect(dialogElement().open).toBe(false);
  rerender(<Dialog open onOpenChange={() => {}} />);
  expect(dialogElement().open).toBe(true);
  rerender(<Dialog open={false} onOpenChange={() => {}} />);
  expect(dialogElement().open).toBe(false);
});

test("a render that only repeats the wish does not open again a dialog the visitor has just closed", () => {
  // A new function on each render, as a parent's inline handler is.
  const { rerender } = render(<Dialog open onOpenChange={() => {}} />);
  expect(dialogElement().open).toBe(true);
  // Closed (Escape, or a way to another dialog) before the state that says so has been rendered.
  dialogElement().close();
  rerender(<Dialog open onOpenChange={() => {}} />);
  expect(dialogElement().open).toBe(false);
  expect(screen.queryByRole("dialog")).toBeNull();
});

test("a dialog the boot opened before React took the page stays open, and React's state is told", () => {
  const container = document.createElement("div");
  container.innerHTML = renderToString(<Dialog open={false} onOpenChange={() => {}} />);
  document.body.append(container);
  // What the boot does on a visitor's tap (src/boot/start.ts).
  dialogElement().showModal();
  const onOpenChange = vi.fn();
  render(<Dialog open={false} onOpenChange={onOpenChange} />, { container, hydrate: true });
  expect(dialogElement().open).toBe(true);
  expect(onOpenChange).toHaveBeenCalledWith(true);
  container.remove();
});
