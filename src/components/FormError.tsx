import { CircleAlertIcon } from "lucide-react";
import { Alert, AlertDescription } from "@/components/ui/alert";

/** The message under a dialog's form: a validation rule it breaks, or why the server refused. */
export function FormError({ id, message }: { id: string; message: string | null }) {
  if (message === null) return null;
  return (
    <Alert id={id} variant="destructive">
      <CircleAlertIcon />
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}
