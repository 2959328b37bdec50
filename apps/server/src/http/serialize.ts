import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * The zod serializer (every answer checked against its route's contract and stripped to it), run
 * once for an answer the handler froze: the member view cache (users/view-cache.ts) answers the
 * same frozen object to every read of a member until their figures change, and checking and
 * stringifying it anew each time was about 8 % of the main thread's work on that read. Each route
 * and status code has its own compiled serializer, hence its own memory of what it wrote.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  const serialize = zodSerializerCompiler(route);
  const written = new WeakMap<object, string>();
  return (data) => {
    if (data === null || typeof data !== 'object' || !Object.isFrozen(data)) return serialize(data);
    let text = written.get(data);
    if (text === undefined) {
      text = serialize(data);
      written.set(data, text);
    }
    return text;
  };
};
