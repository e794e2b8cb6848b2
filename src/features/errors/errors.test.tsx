import { render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, type NonIndexRouteObject } from "react-router-dom";
import { expect, test, vi } from "vitest";
import { App } from "@/app/App";
import { routes } from "@/app/routes";
import { importWithReload, pageReload } from "@/lib/lazyWithReload";
import { ConvexTestClient } from "@testing/client/ConvexTestClient";
import { InProcessBackend } from "@testing/client/inProcessBackend";
import { renderApp } from "@testing/client/render";

function Broken(): never {
  throw new Error("The cover image exploded");
}

/** The real routes with one more page that fails to render. */
function renderWithBrokenPage(element = <Broken />) {
  const [layout] = routes as [NonIndexRouteObject];
  const router = createMemoryRouter(
    [{ ...layout, children: [...(layout.children ?? []), { path: "broken", element }] }],
    { initialEntries: ["/broken"] },
  );
  const client = new ConvexTestClient(new InProcessBackend());
  render(<App client={client.asReactClient()} router={router} />);
}

test("a page that fails shows the error screen with the error's message", async () => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  renderWithBrokenPage();
  expect(await screen.findByText("Oops! Something went wrong")).toBeInTheDocument();
  expect(screen.getByText("The cover image exploded")).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Reload Page" })).toBeInTheDocument();
});

test("an error without a message reads: An unexpected error occurred", async () => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  function ThrowsNothingUseful(): never {
    throw new Error("");
  }
  renderWithBrokenPage(<ThrowsNothingUseful />);
  expect(await screen.findByText("An unexpected error occurred")).toBeInTheDocument();
});

test("an unknown route gets a not-found page with a way home", async () => {
  const { user, router } = renderApp("/no-such-page");
  expect(await screen.findByText(/page not found/i)).toBeInTheDocument();
  await user.click(screen.getByRole("link", { name: /home/i }));
  expect(router.state.location.pathname).toBe("/");
});

const chunkGone = () =>
  new TypeError("Failed to fetch dynamically imported module: https://x/assets/GamePage-abc.js");

test("a chunk that could not load reads as a new version, never as the browser's raw text", async () => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  function ChunkGone(): never {
    throw chunkGone();
  }
  renderWithBrokenPage(<ChunkGone />);
  expect(await screen.findByText(/A new version may be out/)).toBeInTheDocument();
  expect(screen.queryByText(/dynamically imported module/)).not.toBeInTheDocument();
});

test("after a deploy, opening a page whose chunk is gone reloads into that page", async () => {
  sessionStorage.clear();
  const reload = vi.spyOn(pageReload, "to").mockImplementation(() => {});
  const [layout] = routes as [NonIndexRouteObject];
  const gone = {
    path: "gone",
    lazy: async () => {
      await importWithReload(() => Promise.reject(chunkGone()));
      return {};
    },
  };
  const router = createMemoryRouter([{ ...layout, children: [...(layout.children ?? []), gone] }], {
    initialEntries: ["/"],
  });
  const client = new ConvexTestClient(new InProcessBackend());
  render(<App client={client.asReactClient()} router={router} />);
  void router.navigate("/gone?from=link");
  await waitFor(() => expect(reload).toHaveBeenCalledWith("/gone?from=link"));
  // Not the page being left, which the router still shows.
  expect(router.state.location.pathname).toBe("/");
});
