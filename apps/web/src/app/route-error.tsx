import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';

// A chunk that fails to load on a flaky connection must not leave a blank page.
export function RouteError() {
  // Failed offline: the page tries again by itself when the signal returns, as the offline notice promises
  // (lib/connection-notice.ts). A screen whose code failed to load stays failed until the page loads again.
  useEffect(() => {
    const reload = () => window.location.reload();
    addEventListener('online', reload);
    return () => removeEventListener('online', reload);
  }, []);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <h1 className="font-display text-2xl font-bold text-ink">Algo salió mal</h1>
      <p className="mt-3 text-ink-soft">Revisa tu conexión e inténtalo de nuevo.</p>
      <div className="mt-8 flex gap-3">
        <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
          Reintentar
        </button>
        <a href="/" className="btn-secondary">
          Ir al inicio
        </a>
      </div>
    </section>
  );
}

/**
 * A screen that fails (its chunk did not load on a flaky connection) shows RouteError instead of a blank page, and
 * leaves it when the address changes. The root layout keeps one around its screens, so the header and its menu stay;
 * AppRoutes keeps one around everything, for the layout itself.
 */
export class ScreenErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }
  override componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }
  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
