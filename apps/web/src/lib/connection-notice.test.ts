import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchConnection } from './connection-notice';

describe('the connection notice', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it('says the phone is offline while it is, over every screen, and goes when the signal comes back', () => {
    const online = vi.spyOn(navigator, 'onLine', 'get');
    watchConnection();
    expect(document.querySelector('.offline-notice')).toBeNull();

    online.mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    const notice = document.querySelector('[role="status"].offline-notice');
    expect(notice?.textContent).toBe('Sin conexión. Lo que falta se cargará cuando vuelva la señal.');

    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(document.querySelector('.offline-notice')).toBeNull();
  });

  it('shows at once when the phone is offline before it starts watching', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    watchConnection();
    expect(document.querySelector('.offline-notice')?.textContent).toBe(
      'Sin conexión. Lo que falta se cargará cuando vuelva la señal.',
    );
  });
});
