import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute, stubFetch } from '../../../test/render-route';
import { Component as ContactPage } from './contact-page';

async function send(values: Partial<Record<'Nombre' | 'Correo electrónico' | 'Asunto' | 'Mensaje', string>>) {
  const u = userEvent.setup({ delay: null });
  for (const [label, value] of Object.entries(values)) if (value) await u.type(screen.getByLabelText(label), value);
  await u.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
}

const FULL = {
  Nombre: 'Ana López',
  'Correo electrónico': 'ana@correo.hn',
  Asunto: 'Juguetes sensoriales',
  Mensaje: '¿Tienen pelotas con relieve?',
};

describe('/contacto', () => {
  it('shows the phone, the e-mail, the San Pedro Sula address and a titled, lazy map', () => {
    renderRoute(<ContactPage />, { path: '/contacto' });
    expect(screen.getByRole('link', { name: '+504 9876-5432' }).getAttribute('href')).toBe('tel:+50498765432');
    expect(screen.getByRole('link', { name: 'hola@jugarycrecer.hn' }).getAttribute('href')).toBe(
      'mailto:hola@jugarycrecer.hn',
    );
    expect(screen.getByText('San Pedro Sula, Cortés, Honduras')).toBeTruthy();
    const map = screen.getByTitle('Mapa: ubicación de la tienda en San Pedro Sula');
    expect(map.getAttribute('loading')).toBe('lazy');
    expect(map.getAttribute('src')).toMatch(/^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?/);
    expect(screen.getByRole('link', { name: 'Abrir el mapa en una pestaña nueva' })).toBeTruthy();
  });

  it('needs all four fields, said once', async () => {
    const calls = stubFetch(() => ({ status: 200 }));
    renderRoute(<ContactPage />, { path: '/contacto' });
    await send({ ...FULL, Asunto: '' });
    expect(await screen.findAllByText('Por favor completa todos los campos.')).toHaveLength(1);
    expect(screen.getByLabelText('Asunto').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
  });

  it("sends {nombre, email, asunto, mensaje}, says 'Mensaje enviado exitosamente' and clears the form", async () => {
    const calls = stubFetch(() => ({ status: 200, body: { message: 'Mensaje enviado exitosamente' } }));
    renderRoute(<ContactPage />, { path: '/contacto' });
    await send(FULL);
    expect((await screen.findAllByText(/Mensaje enviado exitosamente/)).length).toBeGreaterThan(0);
    expect(calls.map(({ url, method, body }) => ({ url, method, body }))).toEqual([
      {
        url: '/Email/enviar-contacto',
        method: 'POST',
        body: {
          nombre: 'Ana López',
          email: 'ana@correo.hn',
          asunto: 'Juguetes sensoriales',
          mensaje: '¿Tienen pelotas con relieve?',
        },
      },
    ]);
    expect((screen.getByLabelText('Mensaje') as HTMLTextAreaElement).value).toBe('');
  });

  it("says 'Error al enviar el mensaje.' when the server refuses, and 'Error de red al enviar el mensaje.' offline", async () => {
    stubFetch(() => ({ status: 502, body: { message: 'x' } }));
    const first = renderRoute(<ContactPage />, { path: '/contacto' });
    await send(FULL);
    expect(await screen.findByText('Error al enviar el mensaje.')).toBeTruthy();
    first.unmount();
    stubFetch(() => 'network-error');
    renderRoute(<ContactPage />, { path: '/contacto' });
    await send(FULL);
    expect(await screen.findByText('Error de red al enviar el mensaje.')).toBeTruthy();
  });
});
