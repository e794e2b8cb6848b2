import type { ReactNode } from "react";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";

/** What opens and closes a dialog (`useLazyDialog`'s `dialogProps`). */
export type DialogOpenProps = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * A dialog with its title and a description (what screen readers announce on opening), and
 * `children` below them. `className` sizes the content box.
 */
export function TitledDialog({
  open,
  onOpenChange,
  title,
  description,
  className,
  onCloseAutoFocus,
  children,
}: DialogOpenProps & {
  title: ReactNode;
  description: ReactNode;
  className?: string;
  /** Where the focus goes on closing, when not back to the opener (call `preventDefault`). */
  onCloseAutoFocus?: (event: Event) => void;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className} onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}
