import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { Api } from './types.js';

/** The built web app with SPA fallback: any GET outside /api that is not a file gets index.html. */
export async function serveWebApp(app: Api, webDist: string | undefined) {
  const root = path.resolve(webDist ?? path.join(import.meta.dirname, '../../../web/dist'));
  const built = existsSync(path.join(root, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root,
      index: 'index.html',
      cacheControl: false,
      // hashed build output never changes; everything else (index.html, favicon) is revalidated
      setHeaders: (reply, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else app.log.warn({ root }, 'web app not built: serving the API only');
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0]!;
    if (!built || request.method !== 'GET' || url.startsWith('/api/') || path.extname(url) !== '') {
      return reply
        .status(404)
        .send({ message: `Not found: ${request.method} ${url}`, code: 'http.not_found' });
    }
    return reply.sendFile('index.html');
  });
}
