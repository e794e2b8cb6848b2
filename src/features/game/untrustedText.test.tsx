import { configure, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { ann, dealtAnime, seedAnime } from "@testing/world";
import { InProcessBackend } from "@testing/client/inProcessBackend";
import { renderSignedIn } from "@testing/client/render";

// Each test signs up through Convex Auth and plays a real round: seconds, not milliseconds.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

declare global {
  interface Window {
    pwned?: boolean;
  }
}

afterEach(() => {
  delete window.pwned;
});

/**
 * A clue as a faulty clue maker, or a poisoned database, might store it. The clue
 * maker's own guarantee is tested in convex/tests/catalogue/clue/markup.test.ts; this is the page's.
 */
const HOSTILE_CLUE = [
  "<script>window.pwned = true</script>A guard keeps a bridge.",
  '<img src="x" onerror="window.pwned = true">',
  '<a href="javascript:window.pwned = true">a link</a> &lt;b&gt;bold&lt;/b&gt;',
  "Genres: <i>Action</i>",
].join("\n");
const HOSTILE_TITLE = '<img src="y" onerror="window.pwned = true">Moss Knight';

/** Everything on the page that markup in the text could have made (the covers are the seeded ones). */
function injectedElements() {
  return {
    scripts: document.querySelectorAll("script").length,
    images: [...document.querySelectorAll("img")]
      .map((image) => image.getAttribute("src"))
      .filter((src) => !/\/cover\/[0-9a-f]{32}\/(\d|clear)$/.test(src ?? "")),
    scriptLinks: document.querySelectorAll('a[href^="javascript:" i]').length,
  };
}

const nothingInjected = { scripts: 0, images: [], scriptLinks: 0 };

describe("text from AniList on the game screen", () => {
  test("a clue carrying markup shows literally, and makes no element", async () => {
    const backend = new InProcessBackend();
    await seedAnime(backend, [{ english: "Moss Knight", clue: HOSTILE_CLUE }]);
    await renderSignedIn("/game", { backend });

    const clue = (await screen.findByRole("heading", { name: "Clue" })).nextElementSibling!;
    expect(clue.textContent).toBe(HOSTILE_CLUE);
    expect(clue.children).toHaveLength(0); // one text node: nothing was parsed
    expect(injectedElements()).toEqual(nothingInjected);
    expect(window.pwned).toBeUndefined();
  });

  test("a title carrying markup shows literally when the answer is revealed", async () => {
    const backend = new InProcessBackend();
    const [hostileId] = await seedAnime(backend, [
      { english: HOSTILE_TITLE, romaji: "<b>Koke no Kishi</b>" },
      { english: "Another Show" },
    ]);
    const { user } = await renderSignedIn("/game", { backend });
    await screen.findByRole("heading", { name: "Clue" });
    const skip = async () => await user.click(await screen.findByRole("button", { name: "Skip" }));
    if ((await dealtAnime(backend, ann))._id !== hostileId) {
      await skip();
      await screen.findByText("Previous anime: Another Show");
    }
    await skip();

    const reveal = await screen.findByRole("region", { name: "Previous anime" });
    expect(await within(reveal).findByText(`Previous anime: ${HOSTILE_TITLE}`)).toBeInTheDocument();
    expect(within(reveal).getByText("<b>Koke no Kishi</b>")).toBeInTheDocument();
    expect(reveal.querySelectorAll("img, b, script")).toHaveLength(0);
    expect(injectedElements()).toEqual(nothingInjected);
    expect(window.pwned).toBeUndefined();
  });
});
