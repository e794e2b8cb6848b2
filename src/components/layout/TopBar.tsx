import { useAuthActions } from "@convex-dev/auth/react";
import {
  HouseIcon,
  LogInIcon,
  LogOutIcon,
  QrCodeIcon,
  ShieldCheckIcon,
  SparklesIcon,
} from "lucide-react";
import { useState } from "react";
import { Link, useLocation } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { Spinner } from "@/components/ui/spinner";
import { useAuthDialog } from "@/features/auth/AuthDialogContext";
import { useViewer } from "@/features/auth/hooks/useViewer";
import type { Profile } from "@convex/model/users";
import { loadAuthDialogs } from "@/features/auth/loadAuthDialogs";
import { BetaButton } from "@/features/beta/BetaButton";
import { prefetch } from "@/lib/lazyWithReload";
import { notify } from "@/lib/notify";

/** The bar on every page (spec §2 Top bar): the title home, then what the visitor can do. */
export function TopBar() {
  const viewer = useViewer();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/80 backdrop-blur-md">
      <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-3 px-4">
        <Link
          to="/"
          className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight whitespace-nowrap outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <SparklesIcon className="size-5 text-primary" />
          {/* Signed in, the bar holds up to five controls: below 360 px the name gives way to them. */}
          <span className={cn(viewer.status === "signedIn" && "max-[359px]:sr-only")}>
            Anime Guess
          </span>
        </Link>
        <nav aria-label="Account" className="flex items-center gap-1 sm:gap-2">
          {viewer.status === "loading" && <Spinner className="size-5 text-muted-foreground" />}
          {viewer.status === "signedOut" && <LoginButton />}
          {viewer.status === "signedIn" && <SignedInActions viewer={viewer.viewer} />}
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
      onPointerEnter={() => prefetch(loadAuthDialogs)}
      onFocus={() => prefetch(loadAuthDialogs)}
      onClick={openLogin}
    >
      <LogInIcon />
      Login
    </Button>
  );
}

const currentPageStyle = "aria-[current=page]:bg-accent aria-[current=page]:text-primary";

/**
 * The beta icon, the admin icon (admins only), the QR icon, then Home and Logout. Labels
 * collapse to icons on narrow screens and stay as the buttons' accessible names.
 */
function SignedInActions({ viewer }: { viewer: Profile }) {
  const { signOut } = useAuthActions();
  const { pathname } = useLocation();
  const [loggingOut, setLoggingOut] = useState(false);

  async function logOut() {
    setLoggingOut(true);
    try {
      await signOut();
      await notify("success", "Successfully logged out!");
    } catch (error) {
      console.error("Logout failed", error);
      await notify("error", "Failed to logout. Please try again");
    } finally {
      setLoggingOut(false);
    }
  }

  return (
    <>
      <BetaButton viewer={viewer} />
      {viewer.isAdmin && (
        <Button
          asChild
          variant="ghost"
          size="icon-sm"
          title="Admin dashboard"
          className={currentPageStyle}
        >
          <Link to="/admin" aria-current={pathname === "/admin" ? "page" : undefined}>
            <ShieldCheckIcon />
            <span className="sr-only">Admin dashboard</span>
          </Link>
        </Button>
      )}
      <Button
        asChild
        variant="ghost"
        size="icon-sm"
        title="Share with a QR code"
        className={currentPageStyle}
      >
        <Link to="/qr" aria-current={pathname === "/qr" ? "page" : undefined}>
          <QrCodeIcon />
          <span className="sr-only">Share with a QR code</span>
        </Link>
      </Button>
      <p className="mr-1 hidden text-sm text-muted-foreground md:block">
        <span className="font-medium text-foreground">{viewer.username}</span> ·{" "}
        {viewer.score.toLocaleString("en-US")} pts
      </p>
      <Button asChild variant="ghost" size="sm">
        <Link to="/">
          <HouseIcon />
          <span className="sr-only sm:not-sr-only">Home</span>
        </Link>
      </Button>
      <Button variant="outline" size="sm" disabled={loggingOut} onClick={() => void logOut()}>
        {loggingOut ? <Spinner /> : <LogOutIcon />}
        <span className="sr-only sm:not-sr-only">Logout</span>
      </Button>
    </>
  );
}
