import { useMutation, useQuery } from "convex/react";
import { CheckIcon, XIcon } from "lucide-react";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import type { ContestGroup } from "@convex/model/contests/review";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { messageFor } from "@/lib/errors";
import { countOf } from "@/lib/plural";
import { useBusyCall } from "@/lib/useBusyCall";

/**
 * "Contested guesses": names players say name the anime they were dealt, live, grouped by anime,
 * each with how many players typed it; Accept makes it an alternative title for everyone, Dismiss
 * closes it for good.
 */
export function ContestsCard() {
  const groups = useQuery(api.contests.open, {});
  return (
    <Card className="gap-4 py-5">
      <CardHeader className="px-5">
        <CardTitle>
          <h2 id="contests-heading">Contested guesses</h2>
        </CardTitle>
        <CardDescription>
          Names players say the judge should have taken. Accept makes one an alternative title of
          its anime from now on; nothing already played is scored again.
        </CardDescription>
      </CardHeader>
      <CardContent className="px-5">
        {groups === undefined ? (
          <Spinner className="size-6 text-primary" aria-label="Loading contested guesses" />
        ) : groups.length === 0 ? (
          <p className="text-sm text-muted-foreground">No contested guesses waiting.</p>
        ) : (
          <ul aria-labelledby="contests-heading" className="grid gap-4">
            {groups.map((group) => (
              <ContestGroupItem key={group.animeId} group={group} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function ContestGroupItem({ group }: { group: ContestGroup }) {
  return (
    <li className="grid gap-2">
      <h3 className="font-semibold break-words">{group.title}</h3>
      <ul aria-label={`Names contested for ${group.title}`} className="grid gap-1.5 text-sm">
        {group.names.map((entry) => (
          <ContestedName key={entry.contestId} {...entry} />
        ))}
      </ul>
    </li>
  );
}

function ContestedName({
  contestId,
  name,
  count,
}: {
  contestId: Id<"contests">;
  name: string;
  count: number;
}) {
  const accept = useMutation(api.contests.accept);
  const dismiss = useMutation(api.contests.dismiss);
  const { working, run } = useBusyCall();
  const answer = (call: typeof accept, done: string) =>
    run(() => call({ contestId }), {
      success: done,
      failure: (error) => messageFor(error, "That did not go through. Please try again"),
      logAs: "Answering a contest failed",
    });
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-md bg-muted/40 px-3 py-1.5">
      <span className="min-w-0 break-words">
        “{name}” <span className="text-xs text-muted-foreground">{countOf(count, "player")}</span>
      </span>
      <span className="flex gap-2">
        <Button
          type="button"
          size="sm"
          disabled={working}
          aria-label={`Accept “${name}” as a title of this anime`}
          onClick={() => void answer(accept, `“${name}” is now an alternative title`)}
        >
          <CheckIcon />
          Accept
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={working}
          aria-label={`Dismiss “${name}”`}
          onClick={() => void answer(dismiss, `“${name}” dismissed`)}
        >
          <XIcon />
          Dismiss
        </Button>
      </span>
    </li>
  );
}
