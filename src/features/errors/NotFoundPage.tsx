import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";

/** Any address the app has no page for. */
export function NotFoundPage() {
  return (
    <div className="flex flex-1 items-center justify-center p-4">
      <div className="flex max-w-md flex-col items-center gap-4 text-center">
        <p className="text-6xl font-extrabold text-primary">404</p>
        <h1 className="text-2xl font-bold">Page not found</h1>
        <p className="text-muted-foreground">
          There is nothing at this address. The daily challenge is waiting on the home page.
        </p>
        <Button asChild>
          <Link to="/">Back to home</Link>
        </Button>
      </div>
    </div>
  );
}
