import { useConvexAuth } from "convex/react";
import { LogInIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useViewerOrLogin } from "@/lib/auth/useViewerOrLogin";
import { GameLayout, GamePlaceholder, type GameSlots } from "./GameLayout";
import { earlyGame } from "./earlyOpen";
import { GameScreen } from "./GameScreen";

/** /game: the game for signed-in players; a visitor gets the login dialog instead. */
export function GamePage({ actions, below }: GameSlots) {
  const { viewer, openLogin } = useViewerOrLogin();
  const { isAuthenticated } = useConvexAuth();
  const [early] = useState(earlyGame);

  // The game opens as soon as the server has accepted the sign-in, beside the profile's query
  // rather than after it: the clue is then one round trip away (issue 14). A round the page's
  // HTML already asked for shows at once: the server accepted the same sign-in for that call.
  if (
    viewer.status === "signedIn" ||
    (viewer.status === "loading" && (isAuthenticated || early !== null))
  ) {
    return <GameScreen actions={actions} below={below} early={early} />;
  }
  if (viewer.status === "loading") {
    return (
      <GameLayout score={null} actions={actions}>
        <GamePlaceholder busy>Loading anime...</GamePlaceholder>
      </GameLayout>
    );
  }
  return <LoginPrompt onLogin={openLogin} />;
}

function LoginPrompt({ onLogin }: { onLogin: () => void }) {
  return (
    <div className="flex flex-1 items-center justify-center p-4">
      <Card className="w-full max-w-md text-center">
        <CardHeader>
          <CardTitle>
            <h1 className="text-2xl font-bold">Guess the Anime</h1>
          </CardTitle>
          <CardDescription className="text-base">
            Log in to play the daily challenge. Your guesses and your score are kept on your
            account.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button size="lg" className="w-full" onClick={onLogin}>
            <LogInIcon />
            Log in to play
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
