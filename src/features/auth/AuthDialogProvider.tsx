import { lazy, Suspense, useMemo, useState, type ReactNode } from "react";
import {
  AuthDialogContext,
  type AuthDialogControls,
  type AuthDialogMode,
} from "@/lib/auth/authDialog";
import { hasSignedInHere } from "@/lib/auth/deviceMemory";
import { prefetch } from "@/lib/lazyWithReload";
import { loadAuthDialogs } from "./loadAuthDialogs";

const AuthDialogs = lazy(loadAuthDialogs);

export function AuthDialogProvider({
  afterSignUp = () => undefined,
  children,
}: {
  afterSignUp?: () => void;
  children: ReactNode;
}) {
  const [mode, setMode] = useState<AuthDialogMode | null>(null);
  // Mount the dialogs on first use only, then keep them mounted so closing can animate.
  const [used, setUsed] = useState(false);

  const controls = useMemo<AuthDialogControls>(() => {
    const open = (next: AuthDialogMode) => {
      setUsed(true);
      setMode(next);
    };
    return {
      openLogin: () => open("login"),
      openSignUp: () => open("signUp"),
      openForgotPassword: () => open("forgotPassword"),
      openWelcome: () => open(hasSignedInHere() ? "login" : "signUp"),
      close: () => setMode(null),
      prefetch: () => prefetch(loadAuthDialogs),
      afterSignUp,
    };
  }, [afterSignUp]);

  return (
    <AuthDialogContext.Provider value={controls}>
      {children}
      {used && (
        <Suspense fallback={null}>
          <AuthDialogs mode={mode} />
        </Suspense>
      )}
    </AuthDialogContext.Provider>
  );
}
