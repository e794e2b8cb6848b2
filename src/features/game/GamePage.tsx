import { useConvexAuth } from "convex/react";
import { useState } from "react";
import { LoginPrompt } from "@/components/game/LoginPrompt";
import { bootGameView } from "@/boot/gameCall";
import { useViewerOrLogin } from "@/lib/auth/useViewerOrLogin";
import { GameLayout, GamePlaceholder, type GameSlots } from "./GameLayout";
import { GameScreen } from "./GameScreen";

/** /game: the game for signed-in players; a visitor gets the login dialog instead. */
export function GamePage({ actions, below }: GameSlots) {
  const { viewer, openLogin } = useViewerOrLogin({ welcome: true });
  const { isAuthenticated } = useConvexAuth();
  const [boot] = useState(bootGameView);

  // The game opens as soon as the server has accepted the sign-in, beside the profile's query
  // rather than after it: the clue is then one round trip away. A round the boot already asked
  // for shows at once: the server accepted the same sign-in for that call.
  if (
    viewer.status === "signedIn" ||
    (viewer.status === "loading" && (isAuthenticated || boot !== null))
  ) {
    return <GameScreen actions={actions} below={below} boot={boot} />;
  }
  if (viewer.status === "loading") {
    return (
      <GameLayout score={null} actions={actions}>
        <GamePlaceholder busy>Loading anime...</GamePlaceholder>
      </GameLayout>
    );
  }
  return (
    <LoginPrompt title="Guess the Anime" onLogin={openLogin}>
      Log in to play the daily challenge. Your guesses and your score are kept on your account.
    </LoginPrompt>
  );
}
