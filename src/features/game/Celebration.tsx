import { Component, Suspense, useState, type ReactNode } from "react";
import { lazyWithReload } from "@/lib/lazyWithReload";
import { loadConfetti } from "./loadConfetti";
import { usePrefersReducedMotion } from "./usePrefersReducedMotion";

const Confetti = lazyWithReload(loadConfetti);

/** Confetti is decoration: a browser that refuses a canvas (privacy settings) just goes without. */
class WithoutDecorationOnError extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.warn("The celebration could not be shown", error);
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** How many pieces are out after `elapsed` ms: quickly at first, then tapering (ease-out). */
function easeOut(elapsed: number, from: number, to: number, duration: number): number {
  const progress = Math.min(1, elapsed / duration);
  return from + (to - from) * (1 - (1 - progress) ** 2);
}

/** One burst of confetti over the page for a correct guess; none for players who asked for less motion. */
export function Celebration() {
  const reducedMotion = usePrefersReducedMotion();
  const [finished, setFinished] = useState(false);
  if (reducedMotion || finished) return null;
  return (
    <WithoutDecorationOnError>
      <Suspense fallback={null}>
        <Confetti
          aria-hidden="true"
          data-testid="confetti"
          width={window.innerWidth}
          height={window.innerHeight}
          numberOfPieces={320}
          gravity={0.25}
          recycle={false}
          // Given explicitly: react-confetti's default comes from a CommonJS package through a
          // namespace import, which not every bundler or test runner unwraps.
          tweenFunction={easeOut}
          tweenDuration={1500}
          style={{ position: "fixed", zIndex: 60 }}
          onConfettiComplete={() => setFinished(true)}
        />
      </Suspense>
    </WithoutDecorationOnError>
  );
}
