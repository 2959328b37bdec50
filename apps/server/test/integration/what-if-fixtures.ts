/** Runs a what-if projection as the admin page does: start it, follow it until it ends. */
import type { TestApp } from '../helpers.js';

export async function project(t: TestApp, token: string, body: Record<string, unknown>) {
  const started = await t.call('POST', '/plans/what-if', { token, body });
  if (started.status !== 202) return started;
  const id = started.body.id as number;
  for (;;) {
    const job = await t.call('GET', `/plans/what-if/${id}`, { token });
    if (job.body.status !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
