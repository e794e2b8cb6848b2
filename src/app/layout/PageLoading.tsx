import { Spinner } from "@/components/ui/spinner";

/** Shown while the first page's code loads, when the app opens on a lazily loaded route. */
export function PageLoading() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner className="size-8 text-primary" />
    </div>
  );
}
