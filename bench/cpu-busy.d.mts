// Types of bench/cpu-busy.mjs, which the plain JavaScript benchmarks import too.
export interface CpuTimes {
  busy: number;
  total: number;
}

export function cpuTimes(): CpuTimes | null;
export function busySince(before: CpuTimes | null): number | null;
