/**
 * Shows a toast from code in the landing chunk without pulling sonner into it: sonner arrives
 * with the root Toaster's lazy chunk, and this import reuses that chunk.
 */
export async function notify(kind: "success" | "error", message: string): Promise<void> {
  const { toast } = await import("sonner");
  toast[kind](message);
}
