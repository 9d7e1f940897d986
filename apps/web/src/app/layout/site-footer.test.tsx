import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderRoute } from '../../test/render-route';
import { SiteFooter } from './site-footer';

describe('site footer', () => {
  it('has the slogan, the policies link and named social links', () => {
    renderRoute(<SiteFooter pathname="/" />);
    expect(screen.getByText('Jugar, aprender, crecer.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Políticas y privacidad' }).getAttribute('href')).toBe('/politicas');
    for (const name of ['Facebook', 'Instagram', 'WhatsApp']) {
      expect(screen.getByRole('link', { name: new RegExp(`^${name}`) }).getAttribute('href')).toMatch(/^https:\/\//);
    }
    expect(screen.getByText('San Pedro Sula, Honduras')).toBeTruthy();
    expect(screen.getByRole('contentinfo').getAttribute('data-variant')).toBe('default');
  });

  it.each(['/registro', '/login', '/olvide-contrasena', '/Login/'])('uses its other colour on %s', (pathname) => {
    renderRoute(<SiteFooter pathname={pathname} />);
    expect(screen.getByRole('contentinfo').getAttribute('data-variant')).toBe('alternate');
  });
});
