import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './error-screen';

interface Props {
  readonly children: ReactNode;
  readonly onError: (error: unknown) => void;
}

/**
 * Last line of defence for render failures outside the routes (the router itself, providers). Errors
 * inside routes are caught closer by the root route's error screen, which keeps the router working.
 */
export class AppErrorBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    this.props.onError(error);
  }

  override render(): ReactNode {
    return this.state.error === undefined ? this.props.children : <ErrorScreen error={this.state.error} />;
  }
}
