import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderRoute } from '../../../test/render-route';
import { Component as AboutPage } from './about-page';
import { Component as PoliciesPage } from './policies-page';

describe('content pages', () => {
  it("/quienes-somos: '¿Quiénes somos?' with Historia, Misión and Visión", () => {
    renderRoute(<AboutPage />, { path: '/quienes-somos' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('¿Quiénes somos?');
    expect(document.title).toBe('¿Quiénes somos? · Jugar y Crecer');
    expect(
      screen
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent)
        .slice(0, 3),
    ).toEqual(['Historia', 'Misión', 'Visión']);
    expect(
      screen.getByText(/hace poco más de dos años en un pequeño rincón de una tienda de emprendedores/),
    ).toBeTruthy();
  });

  it('/politicas: scrolls to the top on entry and states the payment, refund and delivery rules', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderRoute(<PoliciesPage />, { path: '/politicas' });
    expect(document.title).toBe('Políticas de la tienda · Jugar y Crecer');
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'instant' });
    for (const name of [
      'Términos y condiciones',
      'Política de privacidad',
      'Formas de pago',
      'Envíos',
      'Cambios, reembolsos y reclamos',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
    }
    expect(screen.getByText('Pago contra entrega')).toBeTruthy();
    expect(screen.getByText('Enlace de pago')).toBeTruthy();
    expect(screen.getByText('Tarjeta')).toBeTruthy();
    expect(screen.getByText('No realizamos reembolsos.')).toBeTruthy();
    expect(screen.getByText('Hacemos entregas únicamente dentro de Honduras.')).toBeTruthy();
    expect(screen.getByText('En San Pedro Sula: L 80.00 por pedido.')).toBeTruthy();
    scrollTo.mockRestore();
  });
});
