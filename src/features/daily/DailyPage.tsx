import { LogInIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useViewerOrLogin } from "@/lib/auth/useViewerOrLogin";
import { DailyScreen } from "./DailyScreen";

/** /daily: today's Daily for signed-in players; a visitor is asked to log in (it needs an account). */
export function DailyPage() {
  const { viewer, openLogin } = useViewerOrLogin();
  if (viewer.status === "signedIn") return <DailyScreen />;
  if (viewer.status === "loading") {
    return (
      <div className="flex flex-1 items-center justify-center p-4" role="status">
        <Spinner />
        <span className="sr-only">Loading the Daily…</span>
      </div>
    );
  }
  return (
    <div className="flex flex-1 items-center justify-center p-4">
      <Card className="w-full max-w-md text-center">
        <CardHeader>
          <CardTitle>
            <h1 className="text-2xl font-bold">The Daily</h1>
          </CardTitle>
          <CardDescription className="text-base">
            Log in to play today's Daily: the same anime for everyone, and your streak is kept on
            your account.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button size="lg" className="w-full" onClick={openLogin}>
            <LogInIcon />
            Log in to play
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
