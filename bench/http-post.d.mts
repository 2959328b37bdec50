// Types of bench/http-post.mjs, which the TypeScript benchmarks import too.
import type http from 'node:http';

export function postJson(agent: http.Agent, url: string, body: unknown): Promise<number>;
