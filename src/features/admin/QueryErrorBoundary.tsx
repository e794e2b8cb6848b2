import { Component, type ReactNode } from "react";

/**
 * Convex's hooks throw a failed query during render; this catches it for one
 * part of a page and shows `fallback` there instead of the app's error screen.
 */
export class QueryErrorBoundary extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error("A dashboard query failed", error);
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
