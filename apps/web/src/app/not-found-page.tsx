import { Link } from 'react-router';
import { ERRORS } from '@tienda/shared/messages';
import { useDocumentTitle } from '../lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Página no encontrada');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <h1 className="font-display text-3xl font-bold text-ink">{ERRORS.notFoundPage}</h1>
      <p className="mt-3 text-ink-soft">La página que buscas no existe o cambió de lugar.</p>
      <Link to="/" className="btn-primary mt-8">
        Volver al inicio
      </Link>
    </section>
  );
}
