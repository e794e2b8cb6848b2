import type { ReactNode } from "react";
import {
  MIN_PASSWORD_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from "@convex/model/shared/accountRules";
import { PasswordInput } from "@/components/PasswordInput";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";

/**
 * The fields every account form asks for (sign-up and login, reset, the profile), each the same
 * wherever it appears: its label, its browser hints (autofill, keyboard) and its placeholder from
 * the account rules. `id` is the field's own; `describedBy` names the form's error.
 */
type FieldProps = {
  id: string;
  value: string;
  onChange: (value: string) => void;
  describedBy?: string;
  autoFocus?: boolean;
};

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

export function EmailField({ id, value, onChange, describedBy, autoFocus }: FieldProps) {
  return (
    <Field id={id} label="Email">
      <Input
        id={id}
        autoFocus={autoFocus}
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={describedBy}
      />
    </Field>
  );
}

export function UsernameField({ id, value, onChange, describedBy, autoFocus }: FieldProps) {
  return (
    <Field id={id} label="Username">
      <Input
        id={id}
        autoFocus={autoFocus}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={`${USERNAME_MIN_LENGTH}-${USERNAME_MAX_LENGTH} letters, numbers or _`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={describedBy}
      />
    </Field>
  );
}

/** A password: one being chosen (`choosing`, with the rule as its hint) or the current one. */
export function PasswordField({
  label,
  choosing,
  id,
  value,
  onChange,
  describedBy,
  autoFocus,
}: FieldProps & { label: string; choosing: boolean }) {
  return (
    <Field id={id} label={label}>
      <PasswordInput
        id={id}
        autoFocus={autoFocus}
        autoComplete={choosing ? "new-password" : "current-password"}
        placeholder={choosing ? `At least ${MIN_PASSWORD_LENGTH} characters` : undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={describedBy}
      />
    </Field>
  );
}

/** A form's submit button: disabled, with a spinner, while its call is under way. */
export function SubmitButton({
  working,
  className = "w-full",
  children,
}: {
  working: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" className={className} disabled={working}>
      {working && <Spinner />}
      {children}
    </Button>
  );
}
