import { createServer, connect, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  /** The proxy's port on 127.0.0.1. */
  port: number;
  /** The network fails: open connections are cut and new ones refused, until `restore`. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP relay to `host:port` that a test can cut and restore: a database server out of reach, as a network fault or a
 * restart makes it, with nothing of the app's mocked.
 */
export async function startTcpProxy(host: string, port: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server;
  const listen = (on: number) =>
    new Promise<number>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = connect(port, host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('error', () => socket.destroy());
          socket.on('close', () => {
            sockets.delete(socket);
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(on, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
  const proxyPort = await listen(0);
  let listening = true;
  return {
    port: proxyPort,
    async cut() {
      listening = false;
      await stop();
    },
    async restore() {
      await listen(proxyPort);
      listening = true;
    },
    async close() {
      if (listening) await stop();
    },
  };
}
