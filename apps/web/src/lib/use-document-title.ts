import { useEffect } from 'react';

const BRAND = 'Jugar y Crecer';

/** Sets the tab title to '{title} · Jugar y Crecer' (or the brand line when title is empty) while the screen is shown. */
export function useDocumentTitle(title: string | null | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · ${BRAND}` : `${BRAND} — Juguetes educativos y sensoriales en Honduras`;
  }, [title]);
}
