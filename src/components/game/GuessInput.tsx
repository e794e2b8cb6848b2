import { useId, type Ref, type RefObject } from "react";
import { MAX_GUESS_LENGTH } from "@convex/model/shared/rules";
import { Label } from "@/components/ui/label";
import { TitleCombobox } from "./TitleCombobox";

/**
 * The guess box of every mode, with its hidden label: title suggestions, no autocorrection or
 * capitals (a title is typed as it is), Enter sends, and no longer than the server takes.
 */
export function GuessInput({
  ref,
  value,
  onValueChange,
  placeholder = "Try your best guess...",
  disabled,
  className,
  clearOf,
}: {
  ref?: Ref<HTMLInputElement>;
  value: string;
  onValueChange: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
  className?: string;
  /** What the suggestions must leave in view (TitleCombobox). */
  clearOf?: RefObject<HTMLElement | null>;
}) {
  const id = useId();
  return (
    <>
      <Label htmlFor={id} className="sr-only">
        Your guess
      </Label>
      <TitleCombobox
        ref={ref}
        id={id}
        value={value}
        onValueChange={onValueChange}
        placeholder={placeholder}
        autoComplete="off"
        autoCorrect="off"
        autoCapitalize="none"
        spellCheck={false}
        enterKeyHint="send"
        maxLength={MAX_GUESS_LENGTH}
        disabled={disabled}
        className={className}
        clearOf={clearOf}
      />
    </>
  );
}
