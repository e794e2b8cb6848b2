import { LogInIcon, UserRoundIcon } from "lucide-react";
import { useEffect, useState } from "react";
import type { Profile } from "@convex/model/accounts/users";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useViewerOrLogin } from "@/lib/auth/useViewerOrLogin";
import { ChangePasswordCard } from "./ChangePasswordCard";
import { DeleteAccountCard } from "./DeleteAccountCard";
import { UsernameCard } from "./UsernameCard";

/** /profile: the player's name, password and the way to delete the account. */
export function ProfilePage() {
  // While the account is being deleted the page keeps showing it: the session ends under it, and
  // neither the page nor its dialog may go (or invite to sign up) before it moves on to "/".
  const [leaving, setLeaving] = useState(false);
  const { viewer, openLogin } = useViewerOrLogin({ prompt: !leaving });
  const [shown, setShown] = useState<Profile | null>(null);
  if (viewer.status === "signedIn" && viewer.viewer !== shown) setShown(viewer.viewer);
  const profile = viewer.status === "signedIn" ? viewer.viewer : leaving ? shown : null;

  useEffect(() => {
    document.title = "Your profile · Anime Guess";
  }, []);

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-8 sm:py-10">
      <header className="text-center">
        <h1 className="flex items-center justify-center gap-3 text-3xl font-extrabold tracking-tight">
          <UserRoundIcon className="size-8 text-primary" />
          Your profile
        </h1>
        {profile !== null && (
          <p className="mt-2 break-all text-muted-foreground">{profile.email}</p>
        )}
      </header>
      {viewer.status === "loading" && <Spinner className="mx-auto size-8 text-primary" />}
      {viewer.status === "signedOut" && profile === null && (
        <Button className="mx-auto" onClick={openLogin}>
          <LogInIcon />
          Log in to see your profile
        </Button>
      )}
      {profile !== null && (
        <>
          <UsernameCard username={profile.username} />
          <ChangePasswordCard />
          <DeleteAccountCard username={profile.username} onLeaving={setLeaving} />
        </>
      )}
    </div>
  );
}
