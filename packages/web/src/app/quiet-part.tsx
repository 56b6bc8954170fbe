import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/** Renders nothing instead of its children once they failed (their code did not load, or threw). */
class QuietBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * A part of another feature's screen (a notice on each dashboard card, a panel of the node
 * detail), loaded with its own code: while it loads, and if it cannot, the screen shows nothing
 * there rather than a page-sized fallback or a reload message in every card. The features'
 * strings are already in: the screen around it waited for them.
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() }));
  function LazyPart(props: P) {
    return (
      <QuietBoundary>
        <Suspense fallback={null}>
          <Lazy {...props} />
        </Suspense>
      </QuietBoundary>
    );
  }
  return LazyPart;
}
