import { useEffect, useState, type ComponentProps } from "react";
import { loadCredentialsForm, loadedCredentialsForm, type FormModule } from "./loadCredentialsForm";
import { WELCOME_DIALOG_IDS } from "@/boot/protocol";
import { NativeDialog } from "@/components/NativeDialog";
import { credentialsDialogs } from "@/lib/auth/credentialsCopy";
import { useAuthDialog } from "@/lib/auth/authDialog";

export type WelcomeMode = "signUp" | "login";

/** The form, rendered at once when its code is in, else once it has come. */
function CredentialsBody(props: ComponentProps<FormModule["CredentialsBody"]>) {
  const [form, setForm] = useState(loadedCredentialsForm);
  useEffect(() => {
    if (form !== undefined) return;
    let live = true;
    void loadCredentialsForm().then((loaded) => live && setForm(loaded));
    return () => {
      live = false;
    };
  }, [form]);
  return form === undefined ? null : <form.CredentialsBody {...props} />;
}

/**
 * The landing page's own sign-up and log-in dialogs, opened by its cards (and, before React has
 * the page, by the top bar's Login). Native dialogs in the
 * prerendered HTML, so that a visitor's first tap opens one before React has the page (the boot,
 * src/boot/start.ts, picks which: sign-up on a device nobody has signed in on), and the fields
 * take what is typed meanwhile. The same form and copy as the app's account dialogs; "Forgot
 * password?" hands over to those.
 */
export function WelcomeDialogs({
  mode,
  onModeChange,
  next,
}: {
  mode: WelcomeMode | null;
  onModeChange: (change: (current: WelcomeMode | null) => WelcomeMode | null) => void;
  /** Where a new player goes after signing up. */
  next: string;
}) {
  const { openForgotPassword, afterSignUp } = useAuthDialog();
  return (["signUp", "login"] as const).map((own) => {
    const copy = credentialsDialogs[own];
    return (
      <NativeDialog
        key={own}
        id={WELCOME_DIALOG_IDS[own]}
        open={mode === own}
        // Closing one because the other opened leaves the other open.
        onOpenChange={(open) =>
          onModeChange((current) => (open ? own : current === own ? null : current))
        }
        className="sm:max-w-md"
        title={copy.title}
        description={copy.description}
      >
        <CredentialsBody
          mode={own}
          onDone={() => {
            onModeChange(() => null);
            if (own === "signUp") afterSignUp(next);
          }}
          onForgotPassword={() => {
            // Closed at once, so that the browser gives the focus back to what opened it (a card,
            // the top bar's Login): the reset dialog returns it there when it closes.
            const dialog = document.getElementById(WELCOME_DIALOG_IDS[own]);
            if (dialog instanceof HTMLDialogElement) dialog.close();
            onModeChange(() => null);
            openForgotPassword();
          }}
          onSwitch={() => onModeChange(() => copy.switchTo)}
        />
      </NativeDialog>
    );
  });
}
