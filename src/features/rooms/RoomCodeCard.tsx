import { CopyIcon, LockIcon } from "lucide-react";
import { QrCode } from "@/components/QrCode";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useShare } from "@/lib/useShare";
import type { MemberView } from "@convex/model/rooms/view";
import { NewLinkButton } from "./NewLinkButton";
import { roomAddress } from "./roomLink";

/** The lobby's way in for friends: the code, the QR code and Copy link (a private room's carry its secret). */
export function RoomCodeCard({ room }: { room: MemberView }) {
  const address = roomAddress(room.code, room.linkSecret);
  const isPrivate = room.linkSecret !== null;
  const link = useShare(address, {
    copied: "Room link copied",
    copyFailed: `Copy failed: the link is ${address}`,
    subject: "the room link",
  });
  return (
    <Card className="items-center gap-3 p-4 text-center">
      <p className="text-sm text-muted-foreground">Room code</p>
      <p className="font-mono text-4xl font-extrabold tracking-[0.3em]" data-testid="room-code">
        {room.code}
      </p>
      <QrCode address={address} size={168} level="M" marginSize={3} />
      <Button variant="outline" size="sm" onClick={() => void link.copy()}>
        <CopyIcon />
        Copy link
      </Button>
      {isPrivate && room.isHost && <NewLinkButton code={room.code} />}
      {isPrivate && (
        <p className="flex max-w-56 items-start gap-1.5 text-left text-xs text-muted-foreground">
          <LockIcon className="mt-px size-3.5 shrink-0" aria-hidden />
          Private: only people with this link or QR code can join. The code alone won't let anyone
          in.
        </p>
      )}
    </Card>
  );
}
