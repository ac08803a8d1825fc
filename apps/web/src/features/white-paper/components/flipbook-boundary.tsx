import { Component, type ReactNode } from 'react';

interface FlipbookBoundaryProps {
  fallback: ReactNode;
  children: ReactNode;
}

/** Keeps the page (and its download link) when the viewer's code cannot load or run. */
export class FlipbookBoundary extends Component<FlipbookBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
