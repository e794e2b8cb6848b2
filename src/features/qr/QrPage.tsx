import { DownloadIcon, LogInIcon, UsersIcon } from "lucide-react";
import { useRef } from "react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { QrCode } from "@/components/QrCode";
import { useViewerOrLogin } from "@/lib/auth/useViewerOrLogin";
import { gameAddress } from "@/lib/gameAddress";

const QR_FILE_NAME = "anime-guess-qr.png";

/** /qr, for signed-in players; a visitor is asked to log in. */
export function QrPage() {
  const { viewer, openLogin } = useViewerOrLogin();
  return (
    <div className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center">
      {viewer.status === "loading" && <Spinner className="size-8 text-primary" />}
      {viewer.status === "signedOut" && (
        <div className="grid max-w-sm justify-items-center gap-4 text-center">
          <h1 className="text-2xl font-bold">Scan to Play Anime Guess</h1>
          <p className="text-muted-foreground">Log in to share the game with a QR code.</p>
          <Button onClick={openLogin}>
            <LogInIcon />
            Login
          </Button>
        </div>
      )}
      {viewer.status === "signedIn" && <QrCard address={gameAddress()} />}
    </div>
  );
}

function QrCard({ address }: { address: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  function download() {
    const canvas = canvasRef.current;
    if (canvas === null) return;
    const link = document.createElement("a");
    link.href = canvas.toDataURL("image/png");
    link.download = QR_FILE_NAME;
    link.click();
  }

  return (
    <Card className="w-full max-w-sm gap-5 text-center">
      <CardHeader>
        <CardTitle>
          <h1 className="text-2xl">Scan to Play Anime Guess</h1>
        </CardTitle>
        <CardDescription className="break-all">{address}</CardDescription>
      </CardHeader>
      <CardContent className="grid justify-items-center gap-5">
        <QrCode ref={canvasRef} address={address} size={256} level="H" marginSize={4} />
        <Button onClick={download}>
          <DownloadIcon />
          Download QR Code
        </Button>
        <p className="text-sm text-muted-foreground">
          Share this QR code with friends to let them easily access the game!
        </p>
        <Button asChild variant="secondary">
          <Link to="/room">
            <UsersIcon />
            Play with friends
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
