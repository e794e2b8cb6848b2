import { useAuthActions } from "@convex-dev/auth/react";
import {
  ChartColumnIcon,
  HouseIcon,
  LogOutIcon,
  QrCodeIcon,
  ShieldCheckIcon,
  UsersIcon,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import type { Profile } from "@convex/model/accounts/users";
import { BetaButton } from "@/features/beta/BetaButton";
import { useBusyCall } from "@/lib/useBusyCall";

/**
 * The beta icon, the admin icon (admins only), the party rooms, stats and QR icons, then Home and
 * Logout. Labels
 * collapse to icons on narrow screens and stay as the buttons' accessible names.
 */
export default function SignedInActions({ viewer }: { viewer: Profile }) {
  const { signOut } = useAuthActions();
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
        <PageIcon to="/admin" label="Admin dashboard" icon={<ShieldCheckIcon />} />
      )}
      <PageIcon to="/room" label="Play with friends" icon={<UsersIcon />} />
      <PageIcon to="/me" label="Your stats" icon={<ChartColumnIcon />} />
      <PageIcon to="/qr" label="Share with a QR code" icon={<QrCodeIcon />} />
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

/** An icon linking to a page, its label the tooltip and the accessible name; marked on that page. */
function PageIcon({ to, label, icon }: { to: string; label: string; icon: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Button
      asChild
      variant="ghost"
      size="icon-sm"
      title={label}
      className="aria-[current=page]:bg-accent aria-[current=page]:text-primary"
    >
      <Link
        to={to}
        aria-current={pathname === to || pathname.startsWith(`${to}/`) ? "page" : undefined}
      >
        {icon}
        <span className="sr-only">{label}</span>
      </Link>
    </Button>
  );
}
