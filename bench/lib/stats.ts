// Small statistics for noisy timings: medians and percentiles (nearest rank), never means.

export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil(q * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export const p95 = (values: readonly number[]): number => quantile(values, 0.95);

/** "12.3 ms", "1.23 s" */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return "–";
  if (value >= 1000) return `${(value / 1000).toFixed(2)} s`;
  if (value >= 100) return `${value.toFixed(0)} ms`;
  if (value >= 10) return `${value.toFixed(1)} ms`;
  return `${value.toFixed(2)} ms`;
}

export const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
export const ratio = (value: number): string => (Number.isFinite(value) ? `${value.toFixed(2)}×` : "–");
