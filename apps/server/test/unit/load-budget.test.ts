import { describe, expect, it } from 'vitest';
import { budget, loadFactor } from '../load-budget.js';

// issue 37.23: a test that starts servers gets more time on a busy machine, not a fixed 30 s
describe('time budgets of tests that start servers', () => {
  it('stretch with the load per core, from idle up to ten times', () => {
    expect(loadFactor(0.5, 2)).toBe(1);
    expect(loadFactor(8, 2)).toBe(4);
    expect(loadFactor(15, 2)).toBe(7.5);
    expect(loadFactor(100, 2)).toBe(10);
    expect(budget(30_000, loadFactor(12, 2))).toBe(180_000);
    expect(budget(30_000, 1)).toBe(30_000);
  });
});
