// Types for scripts/dev-port.mjs, so TypeScript tests can import it.
export function devServerPort(env?: Record<string, string | undefined>): number;
export function portIsFree(port: number): Promise<boolean>;
export function portTakenMessage(port: number): string;
