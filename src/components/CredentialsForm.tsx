import { useId, useLayoutEffect, useRef, useState, type FormEvent } from "react";
import {
  DIALOG_SWITCH_ATTRIBUTE,
  FORM_HELD_ATTRIBUTE,
  FORM_LIVE_ATTRIBUTE,
  NEEDS_APP_ATTRIBUTE,
} from "@/boot/protocol";
import { EmailField, PasswordField, SubmitButton, UsernameField } from "@/components/AccountFields";
import { FormError } from "@/components/FormError";
import { Button } from "@/components/ui/button";
import type { AuthDialogMode } from "@/lib/auth/authDialog";
import { credentialsDialogs } from "@/lib/auth/credentialsCopy";
import { useCredentialsSubmit } from "@/lib/auth/useCredentialsSubmit";

/**
 * The form, "Forgot password?" (login) and the way to the other dialog: what the app's dialogs
 * (src/features/auth)
 * and the landing page's own (src/features/landing/WelcomeDialogs.tsx) show alike.
 */
export function CredentialsBody({
  mode,
  onDone,
  onForgotPassword,
  onSwitch,
}: {
  mode: Exclude<AuthDialogMode, "forgotPassword">;
  onDone: () => void;
  onForgotPassword: () => void;
  onSwitch: () => void;
}) {
  const dialog = credentialsDialogs[mode];
  return (
    <>
      <CredentialsForm mode={mode} onDone={onDone} />
      {mode === "login" && (
        <Button
          type="button"
          variant="link"
          className="-mt-2 h-auto justify-self-center p-0 text-sm"
          // On the landing page before React: tapped again once React has it (src/boot/start.ts).
          {...{ [NEEDS_APP_ATTRIBUTE]: "" }}
          onClick={onForgotPassword}
        >
          Forgot password?
        </Button>
      )}
      <p className="text-center text-sm text-muted-foreground">
        {dialog.switchPrompt}{" "}
        <Button
          type="button"
          variant="link"
          className="h-auto p-0"
          // On the landing page before React, the boot switches the dialogs (src/boot/start.ts).
          {...{ [DIALOG_SWITCH_ATTRIBUTE]: dialog.switchTo }}
          onClick={onSwitch}
        >
          {dialog.switchLabel}
        </Button>
      </p>
    </>
  );
}

function CredentialsForm({
  mode,
  onDone,
}: {
  mode: Exclude<AuthDialogMode, "forgotPassword">;
  onDone: () => void;
}) {
  const dialog = credentialsDialogs[mode];
  const [email, setEmail] = useState("");
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const id = useId();
  const errorId = `${id}-error`;
  const { error, working, submit } = useCredentialsSubmit(dialog.flow, onDone);
  const form = useRef<HTMLFormElement>(null);
  // On the landing page the form is in the HTML before React (WelcomeDialogs): what the visitor
  // typed meanwhile is in the fields, not in this state, which it joins once React has the form.
  useLayoutEffect(() => {
    const typed = (name: string) =>
      form.current?.querySelector<HTMLInputElement>(`#${CSS.escape(`${id}-${name}`)}`)?.value ?? "";
    // Catching up with what the browser's fields hold, once, as React takes the form over.
    if (typed("email") !== "") setEmail(typed("email"));
    if (typed("username") !== "") setUsername(typed("username"));
    if (typed("password") !== "") setPassword(typed("password"));
    // Sent before React had it (src/boot/start.ts held it): sent again now, by React's handler,
    // once the state above is on screen.
    const own = form.current;
    own?.setAttribute(FORM_LIVE_ATTRIBUTE, "");
    if (own?.hasAttribute(FORM_HELD_ATTRIBUTE) === true) {
      own.removeAttribute(FORM_HELD_ATTRIBUTE);
      setTimeout(() => {
        if (own.closest("dialog")?.open === true) own.requestSubmit();
      });
    }
  }, [id]);

  const describedBy = error === null ? undefined : errorId;
  return (
    <form
      ref={form}
      noValidate
      className="grid gap-4"
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        void submit(dialog.withUsername ? { email, username, password } : { email, password });
      }}
    >
      <EmailField id={`${id}-email`} value={email} onChange={setEmail} describedBy={describedBy} />
      {dialog.withUsername && (
        <UsernameField
          id={`${id}-username`}
          value={username}
          onChange={setUsername}
          describedBy={describedBy}
        />
      )}
      <PasswordField
        label="Password"
        choosing={dialog.flow === "signUp"}
        id={`${id}-password`}
        value={password}
        onChange={setPassword}
        describedBy={describedBy}
      />
      <FormError id={errorId} message={error} />
      <SubmitButton working={working}>{dialog.submitLabel}</SubmitButton>
    </form>
  );
}
