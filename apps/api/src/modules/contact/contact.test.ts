import { describe, expect, it } from 'vitest';
import { testDialects, useTestApp } from '../../test/test-app.js';

const valid = { nombre: 'Lucía Paz', email: 'lucia@correo.hn', asunto: 'Horario', mensaje: '¿Abren los domingos?' };
let ipSequence = 0;
/** Each test writes from its own address, so the per-IP limit only bites where a test wants it to. */
const freshIp = () => `10.9.${Math.floor(ipSequence / 250)}.${(ipSequence++ % 250) + 1}`;

describe.each(testDialects)('contact API (%s)', (dialect) => {
  const t = useTestApp(dialect);

  const send = (payload: unknown, ip = freshIp()) =>
    t.app.inject({ method: 'POST', url: '/Email/enviar-contacto', remoteAddress: ip, payload: payload as object });

  it('stores the message and e-mails the shop with the sender as reply-to, HTML escaped', async () => {
    const form = {
      nombre: 'Pedro <b>Pérez</b>',
      email: 'pedro.perez@correo.hn',
      asunto: 'Pedido\r\nBcc: intruso@malo.hn',
      mensaje: 'Hola <script>alert(1)</script>\n¿Tienen rompecabezas de 100 piezas?',
    };
    const res = await send(form);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Mensaje enviado exitosamente' });

    const stored = await t.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('email', '=', 'pedro.perez@correo.hn')
      .execute();
    expect(stored.map((m) => [m.nombre, m.asunto, m.mensaje])).toEqual([[form.nombre, form.asunto, form.mensaje]]);

    const mail = await t.mail.waitFor('tienda@test.hn', (m) => m.raw.includes('pedro.perez@correo.hn'));
    expect(mail.to).toEqual(['tienda@test.hn']);
    expect(mail.subject).toBe('Mensaje de contacto: Pedido Bcc: intruso@malo.hn');
    const headers = mail.raw.split(/\r?\n\r?\n/)[0]!;
    expect(headers).toMatch(/^Reply-To: pedro\.perez@correo\.hn\r?$/m);
    expect(headers).not.toMatch(/^Bcc:/m);
    const html = mail.text.slice(mail.text.indexOf('Content-Type: text/html'));
    expect(html).toContain('Nombre: <strong>Pedro &lt;b&gt;Pérez&lt;/b&gt;</strong>');
    expect(html).toContain('Hola &lt;script&gt;alert(1)&lt;/script&gt;<br>¿Tienen rompecabezas de 100 piezas?');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
  });

  it('trims the fields before checking and storing them', async () => {
    const res = await send({
      nombre: '  Ana  ',
      email: ' ana.trim@correo.hn ',
      asunto: ' Hola ',
      mensaje: ' Gracias ',
    });
    expect(res.statusCode).toBe(200);
    const row = await t.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('email', '=', 'ana.trim@correo.hn')
      .executeTakeFirstOrThrow();
    expect([row.nombre, row.asunto, row.mensaje]).toEqual(['Ana', 'Hola', 'Gracias']);
  });

  it.each([
    ['nombre missing', { nombre: undefined }, 'Por favor completa todos los campos.'],
    ['email blank', { email: '   ' }, 'Por favor completa todos los campos.'],
    ['asunto empty', { asunto: '' }, 'Por favor completa todos los campos.'],
    ['mensaje not text', { mensaje: 42 }, 'Por favor completa todos los campos.'],
    ['a malformed e-mail', { email: 'lucia@' }, 'El correo electrónico no es válido.'],
    ['an e-mail with spaces', { email: 'lu cia@correo.hn' }, 'El correo electrónico no es válido.'],
    ['an e-mail over 254 characters', { email: `${'a'.repeat(250)}@correo.hn` }, 'El correo electrónico no es válido.'],
    ['a name over 100 characters', { nombre: 'n'.repeat(101) }, 'El nombre no puede tener más de 100 caracteres.'],
    ['a subject over 150 characters', { asunto: 'a'.repeat(151) }, 'El asunto no puede tener más de 150 caracteres.'],
    [
      'a message over 5000 characters',
      { mensaje: 'm'.repeat(5001) },
      'El mensaje no puede tener más de 5000 caracteres.',
    ],
  ])('refuses %s with a Spanish 400 and stores nothing', async (_label, change, message) => {
    const before = await t.db.selectFrom('contact_messages').select('id').execute();
    const res = await send({ ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await t.db.selectFrom('contact_messages').select('id').execute()).toHaveLength(before.length);
  });

  it('accepts the limits exactly', async () => {
    const res = await send({
      nombre: 'n'.repeat(100),
      email: 'limites@correo.hn',
      asunto: 'a'.repeat(150),
      mensaje: 'm'.repeat(5000),
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a body that is not an object', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/Email/enviar-contacto',
      remoteAddress: freshIp(),
      headers: { 'content-type': 'application/json' },
      payload: '"hola"',
    });
    expect(res.statusCode).toBe(400);
  });

  it('limits one IP to 5 messages per 10 minutes', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i += 1) {
      const ok = await send({ ...valid, email: `ip${i}@correo.hn` }, ip);
      expect(ok.statusCode).toBe(200);
    }
    const limited = await send({ ...valid, email: 'ip5@correo.hn' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Demasiados intentos. Espera unos minutos e inténtalo de nuevo.' });
    expect((await send({ ...valid, email: 'ip6@correo.hn' })).statusCode).toBe(200);
  });

  it('keys the IP limit on the connection, not on a client-supplied X-Forwarded-For (TRUST_PROXY off)', async () => {
    const ip = freshIp();
    const sendFaking = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/Email/enviar-contacto',
        remoteAddress: ip,
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
        payload: { ...valid, email: `xff${i}@correo.hn` },
      });
    for (let i = 0; i < 5; i += 1) expect((await sendFaking(i)).statusCode).toBe(200);
    expect((await sendFaking(5)).statusCode).toBe(429);
  });

  it('limits one sender address to 5 messages an hour, whatever the IP', async () => {
    for (let i = 0; i < 5; i += 1)
      expect((await send({ ...valid, email: 'insistente@correo.hn' })).statusCode).toBe(200);
    const limited = await send({ ...valid, email: 'Insistente@Correo.hn' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Demasiados intentos. Espera unos minutos e inténtalo de nuevo.' });
    const stored = await t.db
      .selectFrom('contact_messages')
      .select('id')
      .where('email', 'in', ['insistente@correo.hn', 'Insistente@Correo.hn'])
      .execute();
    expect(stored).toHaveLength(5);
  });

  it('lets exactly 5 of 12 simultaneous messages from one sender through (one atomic consume, no race)', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => send({ ...valid, email: 'rafaga@correo.hn' })));
    const statuses = results.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([...Array(5).fill(200), ...Array(7).fill(429)]);
    const limited = results.find((res) => res.statusCode === 429)!;
    expect(limited.json()).toEqual({ message: 'Demasiados intentos. Espera unos minutos e inténtalo de nuevo.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(59 * 60);
    const stored = await t.db
      .selectFrom('contact_messages')
      .select('id')
      .where('email', '=', 'rafaga@correo.hn')
      .execute();
    expect(stored).toHaveLength(5);
  });
});
