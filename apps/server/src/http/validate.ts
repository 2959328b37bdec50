import type { z } from 'zod';
import { badRequest } from '../errors.js';

/** Parses input the route could not type up front (e.g. a body whose shape depends on the caller). */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const where = issue.path.join('.');
  throw badRequest(where ? `${where}: ${issue.message}` : issue.message);
}
