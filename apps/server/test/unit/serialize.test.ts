/**
 * Answers are checked against their route's contract and stripped to it (http/serialize.ts); a
 * frozen answer (the member view cache's) is serialised once, and still by the contract.
 */
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from '../../src/http/serialize.js';

const answer = z.object({ name: z.string(), balance: z.number() });

async function appAnswering(data: () => unknown) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setSerializerCompiler(serializerCompiler);
  app.get('/', { schema: { response: { 200: answer } } }, async () => data() as z.infer<typeof answer>);
  await app.ready();
  return app;
}

describe('serializer', () => {
  it('strips what the contract does not name, frozen or not', async () => {
    for (const freeze of [false, true]) {
      const data = { name: 'Ann', balance: 1.5, password_hash: 'secret' };
      const app = await appAnswering(() => (freeze ? Object.freeze(data) : data));
      const res = await app.inject({ url: '/' });
      expect(res.json()).toEqual({ name: 'Ann', balance: 1.5 });
      await app.close();
    }
  });

  it('refuses an answer that breaks the contract, frozen or not', async () => {
    for (const freeze of [false, true]) {
      const data = { name: 'Ann', balance: 'not a number' };
      const app = await appAnswering(() => (freeze ? Object.freeze(data) : data));
      expect((await app.inject({ url: '/' })).statusCode).toBe(500);
      await app.close();
    }
  });

  it('writes a frozen answer once, and an answer that may change every time', async () => {
    const changing = { name: 'Ann', balance: 1 };
    const app = await appAnswering(() => changing);
    expect((await app.inject({ url: '/' })).json().balance).toBe(1);
    changing.balance = 2;
    expect((await app.inject({ url: '/' })).json().balance).toBe(2);
    await app.close();

    let reads = 0;
    const frozen = Object.freeze({
      name: 'Bob',
      get balance() {
        reads += 1;
        return 3;
      },
    });
    const cached = await appAnswering(() => frozen);
    for (let i = 0; i < 3; i++)
      expect((await cached.inject({ url: '/' })).json()).toEqual({ name: 'Bob', balance: 3 });
    expect(reads).toBe(1);
    await cached.close();
  });
});
