import { Component, type ReactNode } from 'react';
import { ServerErrorPage } from './ErrorPages';

interface Props {
  children: ReactNode;
  /** When this changes (e.g. the route), a shown error is cleared. */
  resetKey?: string;
}

interface State {
  failedAt: string | undefined | null;
}

/** Shows the 500 page instead of a blank screen when a page throws while rendering. */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { failedAt: null };

  static getDerivedStateFromError(): Partial<State> {
    return { failedAt: undefined };
  }

  componentDidCatch(error: unknown): void {
    console.error('A page failed to render', error);
    this.setState({ failedAt: this.props.resetKey });
  }

  componentDidUpdate(prev: Props): void {
    if (this.state.failedAt !== null && prev.resetKey !== this.props.resetKey) {
      this.setState({ failedAt: null });
    }
  }

  render() {
    if (this.state.failedAt !== null) {
      return <ServerErrorPage onRetry={() => this.setState({ failedAt: null })} />;
    }
    return this.props.children;
  }
}
