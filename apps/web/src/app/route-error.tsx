// A chunk that fails to load on a flaky connection must not leave a blank page.
export function RouteError() {
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
