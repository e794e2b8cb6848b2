import { LoginPrompt } from "@/components/game/LoginPrompt";
import { Spinner } from "@/components/ui/spinner";
import { useViewerOrLogin } from "@/lib/auth/useViewerOrLogin";
import { DailyScreen } from "./DailyScreen";

/** /daily: today's Daily for signed-in players; a visitor is asked to log in (it needs an account). */
export function DailyPage() {
  const { viewer, openLogin } = useViewerOrLogin();
  if (viewer.status === "signedIn") return <DailyScreen isAdmin={viewer.viewer.isAdmin} />;
  if (viewer.status === "loading") {
    return (
      <div className="flex flex-1 items-center justify-center p-4" role="status">
        <Spinner />
        <span className="sr-only">Loading the Daily…</span>
      </div>
    );
  }
  return (
    <LoginPrompt title="The Daily" onLogin={openLogin}>
      Log in to play today's Daily: the same anime for everyone, and your streak is kept on your
      account.
    </LoginPrompt>
  );
}
