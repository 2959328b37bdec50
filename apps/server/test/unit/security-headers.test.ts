/**
 * The security headers are worked out once (http/security-headers.ts) from helmet's own middleware.
 * Every answer must carry exactly what helmet sets on a real response (HSTS only over HTTPS), and a
 * handler's own header (an upload's stricter CSP) must still win.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import { helmetHeaders, registerSecurityHeaders } from '../../src/http/security-headers.js';

const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: { defaultSrc: ["'self'"], connectSrc: ["'self'", 'https://rpc.example'] },
  },
};

/** The headers helmet's middleware sets on a real node:http response. */
async function realHelmetHeaders(options: HelmetOptions) {
  const middleware = helmet(options);
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    middleware(req, res, () => res.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    return Object.fromEntries(
      [...res.headers].filter(
        ([name]) =>
          !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name),
      ),
    );
  } finally {
    server.close();
  }
}

describe('security headers', () => {
  it('are exactly the ones helmet sets on a real response', async () => {
    const recorded = helmetHeaders(OPTIONS);
    expect(recorded['content-security-policy']).toContain('connect-src');
    expect(recorded).toEqual(await realHelmetHeaders(OPTIONS));
  });

  it('go on every answer, and a handler may replace one', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, OPTIONS);
    app.get('/plain', async () => ({ ok: true }));
    app.get('/upload', async (_req, reply) =>
      reply.header('content-security-policy', "default-src 'none'; sandbox").send('x'),
    );
    const plain = await app.inject({ url: '/plain' });
    // HSTS only over HTTPS (integration/hsts.test.ts); inject is plain HTTP
    for (const [name, value] of Object.entries(helmetHeaders(OPTIONS)))
      expect(plain.headers[name]).toBe(name === 'strict-transport-security' ? undefined : value);
    const upload = await app.inject({ url: '/upload' });
    expect(upload.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(upload.headers['x-frame-options']).toBe('SAMEORIGIN');
    await app.close();
  });
});
