import { LogInIcon, SparklesIcon, UsersIcon } from "lucide-react";
import { Suspense } from "react";
import { Link } from "react-router-dom";
import { LOGIN_OPENER_ATTRIBUTE, WELCOME_DIALOG_IDS } from "@/boot/protocol";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { Spinner } from "@/components/ui/spinner";
import { useAuthDialog } from "@/lib/auth/authDialog";
import { useViewer } from "@/lib/auth/viewer";
import { loadAuthDialogs } from "@/features/auth/loadAuthDialogs";
import { lazyWithReload, prefetch } from "@/lib/lazyWithReload";
import { loadSignedInActions } from "./loadSignedInActions";

// Signed-in controls use Convex (sign-out, the beta program): in their own chunk, fetched by
// src/app/ConvexSession.tsx as soon as the viewer is signed in.
const SignedInActions = lazyWithReload(loadSignedInActions);

/** The bar on every page: the title links home, then what the visitor can do. */
export function TopBar() {
  const viewer = useViewer();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/80 backdrop-blur-md">
      <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-2 px-3 lg:gap-3 lg:px-4">
        <Link
          to="/"
          className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight whitespace-nowrap outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <SparklesIcon className="size-5 text-primary" />
          {/* Signed in, the bar holds up to nine controls: the name gives way to them below
              440 px, and from 640 px, where they show labels, until there is room (1024 px). */}
          <span
            className={cn(viewer.status === "signedIn" && "max-[439px]:sr-only sm:max-lg:sr-only")}
          >
            Anime Guess
          </span>
        </Link>
        <nav aria-label="Account" className="flex items-center gap-0.5 sm:gap-1 lg:gap-2">
          {viewer.status === "loading" && <Spinner className="size-5 text-muted-foreground" />}
          {viewer.status === "signedOut" && (
            <>
              <Button asChild variant="ghost" size="sm">
                <Link to="/room" data-visitor-control="">
                  <UsersIcon />
                  <span className="sr-only sm:not-sr-only">Play with friends</span>
                </Link>
              </Button>
              <LoginButton />
            </>
          )}
          {viewer.status === "signedIn" && (
            <Suspense fallback={<Spinner className="size-5 text-muted-foreground" />}>
              <SignedInActions viewer={viewer.viewer} />
            </Suspense>
          )}
        </nav>
      </div>
    </header>
  );
}

function LoginButton() {
  const { openLogin } = useAuthDialog();
  return (
    <Button
      size="sm"
      // Hidden on a returning player's prerendered landing page (src/index.css).
      data-visitor-control=""
      // Before React has the landing page, the boot opens the page's own log-in (src/boot/start.ts).
      {...{ [LOGIN_OPENER_ATTRIBUTE]: "" }}
      onPointerEnter={() => prefetch(loadAuthDialogs)}
      onFocus={() => prefetch(loadAuthDialogs)}
      onClick={() => {
        // The boot opened the landing page's own log-in for this tap, as React took the page.
        const landingLogIn = document.getElementById(WELCOME_DIALOG_IDS.login);
        if (landingLogIn instanceof HTMLDialogElement && landingLogIn.open) return;
        openLogin();
      }}
    >
      <LogInIcon />
      Login
    </Button>
  );
}
