import { useAuthActions } from "@convex-dev/auth/react";
import { ChartColumnIcon, HouseIcon, LogOutIcon, QrCodeIcon, ShieldCheckIcon } from "lucide-react";
import { Link, useLocation } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import type { Profile } from "@convex/model/users";
import { BetaButton } from "@/features/beta/BetaButton";
import { useBusyCall } from "@/lib/useBusyCall";

const currentPageStyle = "aria-[current=page]:bg-accent aria-[current=page]:text-primary";

/**
 * The beta icon, the admin icon (admins only), the stats and QR icons, then Home and Logout. Labels
 * collapse to icons on narrow screens and stay as the buttons' accessible names.
 */
export default function SignedInActions({ viewer }: { viewer: Profile }) {
  const { signOut } = useAuthActions();
  const { pathname } = useLocation();
  const { working: loggingOut, run } = useBusyCall();

  async function logOut() {
    await run(() => signOut(), {
      success: "Successfully logged out!",
      failure: () => "Failed to logout. Please try again",
      logAs: "Logout failed",
    });
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
        title="Your stats"
        className={currentPageStyle}
      >
        <Link to="/me" aria-current={pathname === "/me" ? "page" : undefined}>
          <ChartColumnIcon />
          <span className="sr-only">Your stats</span>
        </Link>
      </Button>
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
