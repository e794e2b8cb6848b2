import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import {
  AuthDialogContext,
  type AuthDialogControls,
  type AuthDialogMode,
} from "@/lib/auth/authDialog";
import { hasSignedInHere } from "@/lib/auth/deviceMemory";
import { useViewer } from "@/lib/auth/viewer";
import { prefetch } from "@/lib/lazyWithReload";
import { loadAuthDialogs } from "./loadAuthDialogs";

const AuthDialogs = lazy(loadAuthDialogs);

export function AuthDialogProvider({
  afterSignUp = () => undefined,
  children,
}: {
  afterSignUp?: (next?: string) => void;
  children: ReactNode;
}) {
  const [mode, setMode] = useState<AuthDialogMode | null>(null);
  // Mount the dialogs on first use only, then keep them mounted so closing can animate.
  const [used, setUsed] = useState(false);
  // What had the focus before the first of the account dialogs opened: closing the last one
  // gives it back there, however many times the player switched between them.
  const returnTo = useRef<HTMLElement | null>(null);
  // Sign-up's promise may settle before Convex has confirmed the new session: a page meant for
  // players, reached in that gap, would see a visitor and ask them to log in. What follows a
  // sign-up waits until the viewer is the new player.
  const signedIn = useViewer().status === "signedIn";
  const signedInNow = useRef(signedIn);
  const signUpWaiting = useRef<{ next?: string } | null>(null);
  useEffect(() => {
    signedInNow.current = signedIn;
    const waiting = signUpWaiting.current;
    if (!signedIn || waiting === null) return;
    signUpWaiting.current = null;
    afterSignUp(waiting.next);
  }, [signedIn, afterSignUp]);

  // Whether one of them is open, as of the last call: read when the player acts, not inside a state
  // updater, which React may run again later (rebasing), when the focus has moved on.
  const isOpen = useRef(false);

  const controls = useMemo<AuthDialogControls>(() => {
    const open = (next: AuthDialogMode) => {
      if (!isOpen.current) {
        const active = document.activeElement;
        returnTo.current = active instanceof HTMLElement && active !== document.body ? active : null;
      }
      isOpen.current = true;
      setUsed(true);
      setMode(next);
    };
    return {
      openLogin: () => open("login"),
      openSignUp: () => open("signUp"),
      openForgotPassword: () => open("forgotPassword"),
      openWelcome: () => open(hasSignedInHere() ? "login" : "signUp"),
      close: () => {
        isOpen.current = false;
        setMode(null);
      },
      prefetch: () => prefetch(loadAuthDialogs),
      afterSignUp: (next) => {
        if (signedInNow.current) afterSignUp(next);
        else signUpWaiting.current = { next };
      },
    };
  }, [afterSignUp]);

  return (
    <AuthDialogContext.Provider value={controls}>
      {children}
      {used && (
        <Suspense fallback={null}>
          <AuthDialogs mode={mode} returnTo={returnTo} />
        </Suspense>
      )}
    </AuthDialogContext.Provider>
  );
}
