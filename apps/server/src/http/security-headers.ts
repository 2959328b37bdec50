/**
 * Helmet's security headers (CSP, HSTS, frame and referrer policies...), worked out once at start.
 * With fixed options they are the same for every answer; @fastify/helmet built them again on every
 * request (the policy parsed anew, two hooks, one of them async), which was 9 % of the main
 * thread's time serving the member dashboard's read. A handler may still set its own (an upload's
 * stricter CSP): its header replaces this one.
 *
 * `Strict-Transport-Security` goes only on answers to requests that came over HTTPS: on the socket,
 * or by `X-Forwarded-Proto: https` from a proxy named in TRUST_PROXY (Fastify's `request.protocol`
 * reads the header only from those; a client cannot earn it by sending the header itself). RFC 6797
 * 7.2: a host must not send it in answers over plain HTTP.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const HSTS = 'strict-transport-security';

export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const { [HSTS]: hsts, ...headers } = helmetHeaders(options);
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(headers);
    if (hsts !== undefined && req.protocol === 'https') reply.header(HSTS, hsts);
    done();
  });
}

/** The headers helmet's middleware sets, recorded from one run against a stand-in response. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
