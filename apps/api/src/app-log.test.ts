import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.js';

// The app's logger (app.ts): secrets a logged object may carry are hidden; an error keeps its own fields.
describe('the app log', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      'sqlite',
      { logLevel: 'info' },
      { logStream: { write: (line: string) => void lines.push(line) } },
    );
  });
  afterAll(() => t.close());

  it('hides passwords and the e-mailed code, and keeps an error code', () => {
    const failure = Object.assign(new Error('no se pudo'), { code: 'ENOTDIR' });
    t.app.log.warn(
      {
        body: { correo: 'ana@example.com', codigo: '123456', passwordHash: 'clave-1', newPassword: 'clave-2' },
        err: failure,
      },
      'prueba de registro',
    );
    const line = lines
      .map((text) => JSON.parse(text) as Record<string, any>)
      .find((l) => l.msg === 'prueba de registro');
    expect(line?.body).toEqual({
      correo: 'ana@example.com',
      codigo: '[oculto]',
      passwordHash: '[oculto]',
      newPassword: '[oculto]',
    });
    expect(line?.err).toMatchObject({ message: 'no se pudo', code: 'ENOTDIR' });
  });
});
