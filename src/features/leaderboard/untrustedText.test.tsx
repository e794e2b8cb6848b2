import { screen, within } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import { seedPlayers } from "@testing/world";
import { InProcessBackend } from "@testing/client/inProcessBackend";
import { renderApp } from "@testing/client/render";

vi.setConfig({ testTimeout: 20_000 });

declare global {
  interface Window {
    pwned?: boolean;
  }
}

afterEach(() => {
  delete window.pwned;
});

// The username rule keeps such names out of sign-up; these were written straight into the database.
const hostileNames = [
  '<img src="x" onerror="window.pwned = true">',
  "<script>window.pwned = true</script>",
  "&lt;b&gt;Bold&lt;/b&gt; \u202Eevil",
];

test("usernames show on the leaderboard as the text they are", async () => {
  const backend = new InProcessBackend();
  await seedPlayers(
    backend,
    hostileNames.map((username, i) => ({ username, score: 300 - i * 100 })),
  );
  renderApp("/leaderboard", { backend });

  const table = await screen.findByRole("table");
  const names = (await within(table).findAllByRole("row"))
    .slice(1)
    .map((row) => within(row).getAllByRole("cell")[1].textContent);
  expect(names).toEqual(hostileNames);
  expect(table.querySelectorAll("img, script, b")).toHaveLength(0);
  expect(document.querySelectorAll("script")).toHaveLength(0);
  expect(window.pwned).toBeUndefined();
});
