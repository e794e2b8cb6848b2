import { lazy, Suspense, useMemo, useState, type ReactNode } from "react";
import {
  AuthDialogContext,
  type AuthDialogControls,
  type AuthDialogMode,
} from "@/lib/auth/authDialog";
import { prefetch } from "@/lib/lazyWithReload";
import { loadAuthDialogs } from "./loadAuthDialogs";

const AuthDialogs = lazy(loadAuthDialogs);

export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<AuthDialogMode | null>(null);
  // Mount the dialogs on first use only, then keep them mounted so closing can animate.
  const [used, setUsed] = useState(false);

  const controls = useMemo<AuthDialogControls>(
    () => ({
      openLogin: () => {
        setUsed(true);
        setMode("login");
      },
      openSignUp: () => {
        setUsed(true);
        setMode("signUp");
      },
      close: () => setMode(null),
      prefetch: () => prefetch(loadAuthDialogs),
    }),
    [],
  );

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
