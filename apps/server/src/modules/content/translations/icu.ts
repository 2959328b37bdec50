/**
 * The ICU checks of an operator's message, with the parser the web app's Lingui 6 itself uses
 * (@lingui/message-utils' compileMessage over @messageformat/parser): a message that passes here is
 * one the member's browser can show, and its compiled form is exactly what Lingui's runtime expects.
 */
import { type CompiledMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { parse, type Token } from '@messageformat/parser';

export type IcuCheck = { ok: true; compiled: CompiledMessage } | { ok: false; reason: string };

/** Parses and compiles; the reason is the parser's own first line ("Unexpected message end at ..."). */
export function checkMessage(message: string): IcuCheck {
  try {
    return { ok: true, compiled: compileMessageOrThrow(message) };
  } catch (error) {
    return { ok: false, reason: (error as Error).message.split('\n')[0]!.slice(0, 200) };
  }
}

/**
 * What a message needs from the code that shows it: its variables (`{name}`, plural and select
 * arguments) and Lingui's numbered tags (`<0>link</0>` of a <Trans>, which the parser keeps as text).
 * A translation that drops or invents one would show a raw `{amount}` or lose a link.
 */
export function placeholders(message: string): Set<string> {
  const found = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'content') {
        for (const tag of token.value.matchAll(/<\/?(\d+)\s*\/?>/g)) found.add(`<${tag[1]}>`);
      } else if (token.type === 'argument' || token.type === 'function') found.add(`{${token.arg}}`);
      else if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        found.add(`{${token.arg}}`);
        for (const c of token.cases) walk(c.tokens);
      }
    }
  };
  walk(parse(message));
  return found;
}

/** The placeholders one message has and the other lacks, both ways; empty when they agree. */
export function placeholderDifference(message: string, source: string): string[] {
  let a: Set<string>;
  let b: Set<string>;
  try {
    a = placeholders(message);
    b = placeholders(source);
  } catch {
    return []; // a source that does not parse cannot be compared (the message itself parsed)
  }
  return [
    ...[...b].filter((p) => !a.has(p)).map((p) => `missing ${p}`),
    ...[...a].filter((p) => !b.has(p)).map((p) => `unknown ${p}`),
  ];
}
