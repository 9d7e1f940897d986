/**
 * While the phone has no connection, one line says so over every screen: the screens' loads wait for the signal
 * (React Query's online mode) and would otherwise show "Cargando..." with no reason given. It goes when the
 * connection comes back, and the loads go on by themselves.
 */
export function watchConnection(): void {
  const notice = document.createElement('p');
  notice.setAttribute('role', 'status');
  notice.className = 'offline-notice';
  notice.textContent = 'Sin conexión. Lo que falta se cargará cuando vuelva la señal.';
  const update = () => (navigator.onLine ? notice.remove() : document.body.append(notice));
  addEventListener('online', update);
  addEventListener('offline', update);
  // Offline already: the signal went while the page's scripts were still arriving.
  update();
}
