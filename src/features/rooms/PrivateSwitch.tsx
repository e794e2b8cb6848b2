import { useId } from "react";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";

export const PRIVATE_LABEL = "Private: only people with the link can join";

/**
 * The choice of a room private to its link (convex/model/rooms/privacy.ts): when making a room,
 * and the host's in the lobby. The whole row is the switch's label, so a tap anywhere on it
 * toggles it, and Space or Enter on the focused switch does too.
 */
export function PrivateSwitch({
  checked,
  onCheckedChange,
  disabled = false,
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3 rounded-md border px-3 py-2.5 text-left">
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        className="mt-0.5"
      />
      <div className="grid gap-1">
        <Label htmlFor={id} className="leading-snug">
          {PRIVATE_LABEL}
        </Label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {checked
            ? "The code alone won't let anyone in: share the link or the QR code."
            : "Anyone with the code can join."}
        </p>
      </div>
    </div>
  );
}
