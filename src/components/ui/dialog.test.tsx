import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, test } from "vitest";
import { Button } from "./button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "./dialog";

/** A dialog opened from state, as the app's are: no DialogTrigger for Radix to go back to. */
function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Settings</DialogTitle>
          <DialogDescription>Choose a level.</DialogDescription>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              setOpen(false);
            }}
          >
            <fieldset>
              <legend>Level</legend>
              {[1, 2, 3].map((level) => (
                <label key={level}>
                  <input type="radio" name="level" value={level} defaultChecked={level === 3} />
                  {`Level ${level}`}
                </label>
              ))}
            </fieldset>
            <Button type="submit">Save</Button>
            <DialogClose asChild>
              <Button type="button">Cancel</Button>
            </DialogClose>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}

async function openDialog() {
  const user = userEvent.setup();
  render(<Opener />);
  await user.click(screen.getByRole("button", { name: "Open" }));
  const dialog = await screen.findByRole("dialog", { name: "Settings" });
  return { user, dialog };
}

describe("a dialog opened from state", () => {
  test("opens on the checked radio of a group, not the group's first", async () => {
    await openDialog();
    await waitFor(() => expect(screen.getByRole("radio", { name: "Level 3" })).toHaveFocus());
  });

  test.each([
    ["Escape", async (user: ReturnType<typeof userEvent.setup>) => await user.keyboard("{Escape}")],
    [
      "×",
      async (user: ReturnType<typeof userEvent.setup>) =>
        await user.click(screen.getByRole("button", { name: "Close" })),
    ],
    [
      "Cancel",
      async (user: ReturnType<typeof userEvent.setup>) =>
        await user.click(screen.getByRole("button", { name: "Cancel" })),
    ],
    [
      "submit",
      async (user: ReturnType<typeof userEvent.setup>) =>
        await user.click(screen.getByRole("button", { name: "Save" })),
    ],
  ])("closed by %s, gives focus back to what opened it", async (_, close) => {
    const { user, dialog } = await openDialog();
    await close(user);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(screen.getByRole("button", { name: "Open" })).toHaveFocus();
  });
});
