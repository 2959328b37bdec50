/** A load balancer in front of server processes, for the scale-out tests (two-instances.test.ts). */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A load balancer: each request goes to the next instance in turn, with the client's address
 * appended to X-Forwarded-For (as nginx's $proxy_add_x_forwarded_for does); the answer says which
 * instance served it.
 */
export function startProxy(backends: Array<{ name: string; port: number }>) {
  let next = 0;
  const server = http.createServer((req, res) => {
    const backend = backends[next++ % backends.length]!;
    const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: backend.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': forwarded },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-served-by': backend.name });
        answer.pipe(res);
      },
    );
    upstream.on('error', (error) => {
      res.writeHead(502, { 'x-served-by': backend.name });
      res.end(String(error));
    });
    req.pipe(upstream);
  });
  return server;
}
