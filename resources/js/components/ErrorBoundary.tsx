// A pane that throws while rendering shows what failed and a way to try again, instead of taking the
// whole screen down with it. What lives outside the pane survives: the request being built (jotai
// atoms), the response and the history (the screen's state). "Try again" mounts the pane afresh.
import { Component, Fragment, type ErrorInfo, type ReactNode } from 'react';

export interface ErrorBoundaryProps {
  /** What the pane is, in words: "The response", "History". */
  name: string;
  children: ReactNode;
}

interface ErrorBoundaryState {
  error: Error | null;
  /** Bumped by "Try again": a new key mounts the children from scratch. */
  attempt: number;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  state: ErrorBoundaryState = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`Kite: ${this.props.name} could not be shown.`, error, info.componentStack);
  }

  private readonly retry = () => this.setState((state) => ({ error: null, attempt: state.attempt + 1 }));

  render() {
    const { error, attempt } = this.state;
    if (!error) return <Fragment key={attempt}>{this.props.children}</Fragment>;
    return (
      <div className="kite-pane-error" role="alert">
        <p className="kite-pane-error-title">{this.props.name} could not be shown.</p>
        <p className="kite-pane-error-message">{error.message || error.name}</p>
        <p className="kite-muted">The request you are building is kept.</p>
        <button type="button" className="kite-button kite-button-sm" onClick={this.retry}>
          Try again
        </button>
      </div>
    );
  }
}
