import { useAuthActions } from "@convex-dev/auth/react";
import {
  ChartColumnIcon,
  HouseIcon,
  LogOutIcon,
  QrCodeIcon,
  ShieldCheckIcon,
  UserRoundIcon,
  UsersIcon,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router-dom";
import { BAR_BUTTON } from "@/components/barButton";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import type { Profile } from "@convex/model/accounts/users";
import { BetaButton } from "@/features/beta/BetaButton";
import { endingSessionHere, sessionEndedHere } from "@/lib/auth/sessionEnd";
import { useBusyCall } from "@/lib/useBusyCall";

/**
 * Beta, Admin (admins only), Play with friends, Stats, QR and Profile, then Home and Logout. From
 * 640 px each shows a short label beside its icon; below, the icon alone, the label staying its
 * accessible name.
 */
export default function SignedInActions({ viewer }: { viewer: Profile }) {
  const { signOut } = useAuthActions();
  const { working: loggingOut, run } = useBusyCall();

  async function logOut() {
    endingSessionHere();
    const outcome = await run(() => signOut(), {
      success: "Successfully logged out!",
      failure: () => "Failed to logout. Please try again",
      logAs: "Logout failed",
    });
    if (outcome?.ok !== true) sessionEndedHere();
  }

  return (
    <>
      <BetaButton viewer={viewer} />
      {viewer.isAdmin && (
        <PageIcon to="/admin" label="Admin dashboard" short="Admin" icon={<ShieldCheckIcon />} />
      )}
      <PageIcon to="/room" label="Play with friends" short="Friends" icon={<UsersIcon />} />
      <PageIcon to="/me" label="Your stats" short="Stats" icon={<ChartColumnIcon />} />
      <PageIcon to="/qr" label="Share with a QR code" short="QR" icon={<QrCodeIcon />} />
      <PageIcon to="/profile" label="Your profile" short="Profile" icon={<UserRoundIcon />} />
      <p className="mr-1 hidden text-sm text-muted-foreground lg:block">
        <span className="font-medium text-foreground">{viewer.username}</span> ·{" "}
        {viewer.score.toLocaleString("en-US")} pts
      </p>
      <Button asChild variant="ghost" size="icon-sm" className={BAR_BUTTON}>
        <Link to="/">
          <HouseIcon />
          <span className="sr-only sm:not-sr-only">Home</span>
        </Link>
      </Button>
      <Button
        variant="outline"
        size="icon-sm"
        className={BAR_BUTTON}
        disabled={loggingOut}
        onClick={() => void logOut()}
      >
        {loggingOut ? <Spinner /> : <LogOutIcon />}
        <span className="sr-only sm:not-sr-only">Logout</span>
      </Button>
    </>
  );
}

/**
 * A link to a page: its icon, and from 640 px a short label (`short`, a word of `label`, so what
 * is seen is part of what is heard); `label` is the tooltip and the accessible name. Marked on
 * its own page.
 */
function PageIcon({
  to,
  label,
  short,
  icon,
}: {
  to: string;
  label: string;
  short: string;
  icon: ReactNode;
}) {
  const { pathname } = useLocation();
  return (
    <Button
      asChild
      variant="ghost"
      size="icon-sm"
      title={label}
      className={`${BAR_BUTTON} aria-[current=page]:bg-accent aria-[current=page]:text-primary`}
    >
      <Link
        to={to}
        aria-current={pathname === to || pathname.startsWith(`${to}/`) ? "page" : undefined}
        aria-label={label}
      >
        {icon}
        <span aria-hidden="true" className="hidden sm:inline">
          {short}
        </span>
      </Link>
    </Button>
  );
}
