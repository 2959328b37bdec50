import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';

/** Issue 11.1: no configuration ever picks a provider that finishes payments nobody paid. */
describe('PAYMENT_PROVIDER', () => {
  it('is off when unset or empty, in development and in production alike', () => {
    for (const NODE_ENV of ['development', 'production', 'test']) {
      expect(loadConfig({ NODE_ENV }).PAYMENT_PROVIDER, NODE_ENV).toBe('off');
      expect(loadConfig({ NODE_ENV, PAYMENT_PROVIDER: '' }).PAYMENT_PROVIDER, NODE_ENV).toBe('off');
      expect(loadConfig({ NODE_ENV, PAYMENT_PROVIDER: 'off' }).PAYMENT_PROVIDER, NODE_ENV).toBe('off');
    }
  });

  it('runs the sandbox only when asked for, and never in production', () => {
    expect(loadConfig({ PAYMENT_PROVIDER: 'sandbox' }).PAYMENT_PROVIDER).toBe('sandbox');
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' })).toThrow(
      'PAYMENT_PROVIDER: sandbox is refused in production',
    );
  });

  it('wants the live provider’s keys, and refuses names it does not know', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'nowpayments' })).toThrow(
      'NOWPAYMENTS_API_KEY: required when PAYMENT_PROVIDER is nowpayments',
    );
    const live = loadConfig({
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'nowpayments',
      NOWPAYMENTS_API_KEY: 'key',
      NOWPAYMENTS_IPN_SECRET: 'secret',
    });
    expect(live.PAYMENT_PROVIDER).toBe('nowpayments');
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'sandbox-please' })).toThrow('PAYMENT_PROVIDER');
  });
});
