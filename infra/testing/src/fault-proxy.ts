import net from 'node:net';

/**
 * A TCP relay in front of a server (Redis, RabbitMQ, MongoDB) that a test can cut ("killed") or freeze
 * ("hung") and then restore, so faults are injected on loopback without touching the shared server.
 */
export interface FaultProxy {
  url: string;
  port: number;
  kill(): void;
  hang(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startFaultProxy(targetUrl: string, defaultPort = 6379): Promise<FaultProxy> {
  const target = new URL(targetUrl);
  let mode: 'ok' | 'killed' | 'hung' = 'ok';
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (mode === 'killed') return client.destroy();
    const upstream = net.connect(Number(target.port || defaultPort), target.hostname);
    sockets.add(client).add(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    if (mode === 'hung') {
      client.pause();
      upstream.pause();
    }
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `${target.protocol}//${target.username ? `${target.username}:${target.password}@` : ''}127.0.0.1:${port}${target.pathname === '/' ? '' : target.pathname}`,
    port,
    kill() {
      mode = 'killed';
      for (const s of sockets) s.destroy();
    },
    // Like SIGSTOP on the server: bytes wait in the kernel's buffers and flow again on restore.
    hang() {
      mode = 'hung';
      for (const s of sockets) s.pause();
    },
    restore() {
      mode = 'ok';
      for (const s of sockets) s.resume();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
