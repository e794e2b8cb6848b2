import {
  CalendarDaysIcon,
  CircleHelpIcon,
  SunriseIcon,
  TrophyIcon,
  UsersIcon,
  type LucideIcon,
} from "lucide-react";
import { Suspense, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { DAILY_ANIME_COUNT, DAILY_GUESSES } from "@convex/model/shared/rules";
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
import { useAuthDialog } from "@/lib/auth/authDialog";
import { useViewer } from "@/lib/auth/viewer";
import { importWithReload, lazyWithReload } from "@/lib/lazyWithReload";
import { useLazyDialog } from "@/lib/useLazyDialog";
import { cn } from "@/lib/utils";

const loadHowToPlay = () => importWithReload(() => import("./HowToPlayDialog"));
const HowToPlayDialog = lazyWithReload(loadHowToPlay);

export function LandingPage() {
  const howToPlay = useLazyDialog(loadHowToPlay);

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
            featured
            action={
              <Button asChild className="w-full">
                <Link to="/daily">Play today's Daily</Link>
              </Button>
            }
          >
            The same {DAILY_ANIME_COUNT} anime for everyone, new every day. Keep your streak and
            compare your squares with friends!
          </ModeCard>

          <ModeCard
            icon={CalendarDaysIcon}
            title="Daily Challenge"
            action={<DailyChallengeButton />}
          >
            {DAILY_GUESSES} new anime challenges every day. Can you guess them all?
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

        <Button variant="outline" size="lg" className="bg-card/70" {...howToPlay.openerProps}>
          <CircleHelpIcon />
          How to Play
        </Button>
      </div>

      {howToPlay.mounted && (
        <Suspense fallback={null}>
          <HowToPlayDialog {...howToPlay.dialogProps} />
        </Suspense>
      )}
    </div>
  );
}

/** One way to play: its name, what it is, and the button that opens it. */
function ModeCard({
  icon: Icon,
  title,
  featured = false,
  action,
  children,
}: {
  icon: LucideIcon;
  title: string;
  /** The one to try first: outlined in the accent colour. */
  featured?: boolean;
  action: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className={cn("gap-4 bg-card/85", featured && "border-primary/60")}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-xl">
          <Icon className="size-5 text-primary" />
          <h2>{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex-1">
        <CardDescription className="text-base">{children}</CardDescription>
      </CardContent>
      <CardFooter>{action}</CardFooter>
    </Card>
  );
}

/** Signed in: "Play Now" to /game. Signed out: Sign Up on a first visit, Login after. */
function DailyChallengeButton() {
  const viewer = useViewer();
  const { openWelcome, prefetch: prefetchLogin } = useAuthDialog();

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
      onPointerEnter={prefetchLogin}
      onFocus={prefetchLogin}
      onClick={openWelcome}
    >
      Start Playing
    </Button>
  );
}
