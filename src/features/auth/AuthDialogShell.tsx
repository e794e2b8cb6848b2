import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { useAuthDialog } from "./AuthDialogContext";

/** The frame both account dialogs share: title, description, the form, and the way to the other. */
export function AuthDialogShell({
  open,
  title,
  description,
  children,
  switchPrompt,
  switchLabel,
  onSwitch,
}: {
  open: boolean;
  title: string;
  description: string;
  children: ReactNode;
  switchPrompt: string;
  switchLabel: string;
  onSwitch: () => void;
}) {
  const { close } = useAuthDialog();
  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) close();
      }}
    >
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <p className="text-center text-sm text-muted-foreground">
          {switchPrompt}{" "}
          <Button type="button" variant="link" className="h-auto p-0" onClick={onSwitch}>
            {switchLabel}
          </Button>
        </p>
      </DialogContent>
    </Dialog>
  );
}
