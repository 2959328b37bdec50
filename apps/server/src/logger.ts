/**
 * How the server's log is written (LOG_FORMAT). JSON lines for machines: production, log
 * collectors, anything piped. On a person's terminal in development and the demo, pino-pretty's
 * readable lines instead, so a first start reads as text and the start summary, printed after the
 * log is flushed, stays the last thing on screen.
 */
import type { FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';
import type { Config } from './config.js';

export type LogFormat = 'json' | 'pretty';

/** `auto`: readable on a terminal (stdout is a TTY) outside production and tests, JSON otherwise. */
export function logFormat(config: Pick<Config, 'LOG_FORMAT' | 'NODE_ENV'>, isTTY: boolean): LogFormat {
  if (config.LOG_FORMAT !== 'auto') return config.LOG_FORMAT;
  return isTTY && config.NODE_ENV === 'development' ? 'pretty' : 'json';
}

/** Fastify's logger options for this format. */
export function loggerOptions(
  config: Pick<Config, 'LOG_FORMAT' | 'NODE_ENV' | 'LOG_LEVEL'>,
  isTTY = process.stdout.isTTY === true,
): NonNullable<FastifyServerOptions['logger']> {
  if (logFormat(config, isTTY) === 'json') return { level: config.LOG_LEVEL };
  return {
    level: config.LOG_LEVEL,
    // synchronous, in this thread: lines come out in order, and nothing is left to flush after the
    // summary (a worker-thread transport could print after it)
    stream: pretty({
      sync: true,
      colorize: isTTY,
      singleLine: true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname',
    }),
  };
}
