import {
  CalendarDaysIcon,
  CircleHelpIcon,
  SunriseIcon,
  TrophyIcon,
  UsersIcon,
  type LucideIcon,
} from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { WELCOME_ATTRIBUTE } from "@/boot/protocol";
import { DAILY_ANIME_COUNT, CHALLENGE_GUESSES } from "@convex/model/shared/rules";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { dialogOpener, opensDialogsItself } from "@/components/dialogOpener";
import { hasSignedInHere } from "@/lib/auth/deviceMemory";
import { useViewer } from "@/lib/auth/viewer";
import { cn } from "@/lib/utils";
import { HOW_TO_PLAY_ID, HowToPlayDialog } from "./HowToPlayDialog";
import { WelcomeDialogs, type WelcomeMode } from "./WelcomeDialogs";

/**
 * The landing page. Its dialogs (How to Play, and a visitor's sign-up or log-in) are native ones
 * in its prerendered HTML, so that a visitor's first tap opens them at once, before React has
 * taken the page (src/boot/start.ts); React then takes them over as they are.
 */
export function LandingPage() {
  const [howToPlay, setHowToPlay] = useState(false);
  const [welcome, setWelcome] = useState<WelcomeMode | null>(null);
  // A sign-up the boot opened before React took the page says where it leads.
  const [next, setNext] = useState(
    () => (typeof window === "undefined" ? undefined : window.__boot?.welcomeNext) ?? "/game",
  );
  // Sign-up on a device nobody has signed in on, log-in otherwise; then on to `to`.
  const openWelcome = (to: string) => {
    setNext(to);
    setWelcome(hasSignedInHere() ? "login" : "signUp");
  };

  return (
    // data-backdrop: the evening sky behind this page (src/index.css).
    <div data-backdrop="sky" className="flex flex-1 flex-col">
      <div className="mx-auto flex w-full max-w-4xl flex-1 flex-col items-center justify-center gap-10 px-4 py-12 sm:py-16">
        <header className="text-center">
          <h1 className="text-4xl font-extrabold tracking-tight text-balance drop-shadow-[0_2px_12px_rgb(0_0_0/0.6)] sm:text-6xl">
            Anime Guess
          </h1>
          <p className="mt-4 text-lg text-balance text-foreground/90 drop-shadow-[0_1px_6px_rgb(0_0_0/0.7)] sm:text-xl">
            Test your anime knowledge with our daily guessing game!
          </p>
        </header>

        <div className="grid w-full gap-4 sm:gap-6 md:grid-cols-2">
          <ModeCard
            icon={SunriseIcon}
            title="The Daily"
            badge="One puzzle for everyone"
            featured
            action={<DailyButton onWelcome={() => openWelcome("/daily")} />}
          >
            The same {DAILY_ANIME_COUNT} anime for everyone, once a day. Keep your streak and
            compare your squares with friends!
          </ModeCard>

          <ModeCard
            icon={CalendarDaysIcon}
            title="Daily Challenge"
            badge="Score points"
            action={<DailyChallengeButton onWelcome={() => openWelcome("/game")} />}
          >
            {CHALLENGE_GUESSES} new anime challenges every day. Can you guess them all?
          </ModeCard>

          <ModeCard
            icon={TrophyIcon}
            title="Leaderboard"
            action={
              <Button asChild variant="secondary" className="w-full">
                <Link to="/leaderboard">View Rankings</Link>
              </Button>
            }
          >
            Compete with other players and climb the rankings!
          </ModeCard>

          <ModeCard
            icon={UsersIcon}
            title="Party Rooms"
            action={
              <Button asChild variant="secondary" className="w-full">
                <Link to="/room">Play with friends</Link>
              </Button>
            }
          >
            Race your friends on the same cover as it sharpens. First to name it wins!
          </ModeCard>
        </div>

        <Button
          variant="outline"
          size="lg"
          className="bg-card/70"
          // The browser opens it itself (an invoker); elsewhere React does.
          {...dialogOpener(HOW_TO_PLAY_ID)}
          onClick={() => {
            if (!opensDialogsItself()) setHowToPlay(true);
          }}
        >
          <CircleHelpIcon />
          How to Play
        </Button>
      </div>

      <HowToPlayDialog open={howToPlay} onOpenChange={setHowToPlay} />
      <WelcomeDialogs mode={welcome} onModeChange={setWelcome} next={next} />
    </div>
  );
}

/** One way to play: its name, what it is, and the button that opens it. */
function ModeCard({
  icon: Icon,
  title,
  badge,
  featured = false,
  action,
  children,
}: {
  icon: LucideIcon;
  title: string;
  /** What kind of play it is, at a glance: the Daily and the Challenge differ in it. */
  badge?: string;
  /** The one to try first: outlined in the accent colour. */
  featured?: boolean;
  action: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className={cn("gap-4 bg-card/85", featured && "border-primary/60")}>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2 text-xl">
          <Icon className="size-5 text-primary" />
          <h2>{title}</h2>
          {badge !== undefined && (
            <Badge variant={featured ? "default" : "secondary"} className="ml-auto">
              {badge}
            </Badge>
          )}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex-1">
        <CardDescription className="text-base">{children}</CardDescription>
      </CardContent>
      <CardFooter>{action}</CardFooter>
    </Card>
  );
}

/**
 * The Daily's way in: to /daily for a player; a visitor's opens sign-up (log-in on a device someone
 * has signed in on), then goes there. A link still, for a page without scripts.
 */
function DailyButton({ onWelcome }: { onWelcome: () => void }) {
  const signedIn = useViewer().status === "signedIn";
  return (
    <Button asChild className="w-full">
      <Link
        to="/daily"
        {...(signedIn ? {} : { [WELCOME_ATTRIBUTE]: "/daily" })}
        onClick={(event) => {
          if (signedIn) return;
          event.preventDefault();
          onWelcome();
        }}
      >
        Play today's Daily
      </Link>
    </Button>
  );
}

/** Signed in: "Play Now" to /game. Signed out: Sign Up on a first visit, Login after. */
function DailyChallengeButton({ onWelcome }: { onWelcome: () => void }) {
  const viewer = useViewer();

  if (viewer.status === "signedIn") {
    return (
      <Button asChild className="w-full">
        <Link to="/game">Play Now</Link>
      </Button>
    );
  }
  if (viewer.status === "loading") {
    return (
      <Button className="w-full" disabled>
        <Spinner />
      </Button>
    );
  }
  return (
    <Button
      className="w-full"
      // Hidden on a returning player's prerendered landing page (src/index.css).
      data-visitor-control=""
      {...{ [WELCOME_ATTRIBUTE]: "/game" }}
      onClick={onWelcome}
    >
      Start Playing
    </Button>
  );
}
