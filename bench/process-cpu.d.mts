// Types of bench/process-cpu.mjs, which the plain JavaScript benchmarks import too.
import type pg from 'pg';

export function postmasterPid(pool: pg.Pool): Promise<number | null>;
export function pgCpuMs(pid: number | null): number | null;
export function nodeCpuMs(): number;
export function cpuMeter(pid: number | null): () => { nodeMs: number; pgMs: number | null };
