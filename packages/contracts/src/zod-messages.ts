import { z } from 'zod';

/**
 * Human field messages for every schema rule that does not name its own (issue 14: an empty form
 * showed zod's "Too small: expected string to have >=1 characters"). A message written on the
 * schema still wins (zod 4: schema message > global config > locale); anything not listed here
 * keeps zod's own text. Applied once, on import of common.ts, so the server's 400 answers and the
 * web forms read the same.
 */
type Issue = z.core.$ZodRawIssue;

const plural = (n: number | bigint, word: string) => `${n} ${word}${Number(n) === 1 ? '' : 's'}`;

export function humanMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'too_small': {
      const min = issue.minimum as number | bigint;
      if (issue.origin === 'string')
        return Number(min) <= 1 ? 'This field is required' : `Enter at least ${plural(min, 'character')}`;
      if (issue.origin === 'number' || issue.origin === 'bigint')
        return issue.inclusive ? `Enter a number of at least ${min}` : `Enter a number greater than ${min}`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Choose at least ${plural(min, 'item')}`;
      return undefined;
    }
    case 'too_big': {
      const max = issue.maximum as number | bigint;
      if (issue.origin === 'string') return `Enter at most ${plural(max, 'character')}`;
      if (issue.origin === 'number' || issue.origin === 'bigint')
        return issue.inclusive ? `Enter a number of at most ${max}` : `Enter a number less than ${max}`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Choose at most ${plural(max, 'item')}`;
      return undefined;
    }
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'This field is required';
      if (issue.expected === 'number' || issue.expected === 'int') return 'Enter a number';
      if (issue.expected === 'string') return 'Enter text';
      if (issue.expected === 'boolean') return 'Choose yes or no';
      return undefined;
    case 'invalid_format':
      if (issue.format === 'email') return 'Enter a valid email';
      if (issue.format === 'url') return 'Enter a valid link (https://...)';
      if (issue.format === 'date') return 'Enter a date such as 2026-11-01';
      return undefined;
    case 'invalid_value':
      return issue.values.length > 0 && issue.values.length <= 8
        ? `Choose one of: ${issue.values.map(String).join(', ')}`
        : undefined;
    case 'not_multiple_of':
      return `Enter a multiple of ${issue.divisor}`;
    default:
      return undefined;
  }
}

z.config({ customError: humanMessage });
