import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useRef } from 'react';
import { Link, MemoryRouter, Outlet, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useFocusMainOnNavigation } from './focus-on-navigation';

function Layout() {
  useFocusMainOnNavigation(useLocation().pathname);
  return (
    <>
      <nav>
        <Link to="/tienda">Tienda</Link>
      </nav>
      <main id="contenido" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}

/** A screen that focuses its own field when it opens, as a form may. */
function SearchScreen() {
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  return <input ref={field} aria-label="Buscar" />;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<Layout />}>
          <Route path="/" element={<Link to="/producto/1">Pelota sensorial</Link>} />
          <Route path="/producto/1" element={<h1>Pelota sensorial</h1>} />
          <Route path="/tienda" element={<SearchScreen />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

describe('useFocusMainOnNavigation', () => {
  it('leaves the focus alone on the first screen, then moves it to the main region on a new one', async () => {
    renderAt('/');
    const link = screen.getByRole('link', { name: 'Pelota sensorial' });
    expect(document.activeElement).toBe(document.body);
    link.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('heading', { name: 'Pelota sensorial' });
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it('keeps the focus a new screen gave one of its own fields', async () => {
    renderAt('/');
    await userEvent.click(screen.getByRole('link', { name: 'Tienda' }));
    expect(document.activeElement).toBe(await screen.findByRole('textbox', { name: 'Buscar' }));
  });
});
