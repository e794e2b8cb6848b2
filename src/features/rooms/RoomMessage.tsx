import { Spinner } from "@/components/ui/spinner";

/** A room page that is not a room yet (or no longer): loading, refused, removed, closed. */
export function RoomMessage({
  busy = false,
  children,
}: {
  busy?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className="grid flex-1 place-content-center justify-items-center gap-3 py-10 text-center">
      {busy && <Spinner className="size-8 text-primary" />}
      {children}
    </div>
  );
}
