// Types for scripts/dev-transport.mjs, so TypeScript tests can import it.
export declare const INSTALL_COMMAND: string;
export type DevCerts = {
  verifyCertificates(): boolean;
  paths: { ca: string; cert: string; key: string };
};
export type Transport =
  | { type: "https"; options: { ca: unknown; cert: unknown; key: unknown } }
  | { type: "http"; reason: string; message?: string };
export declare function chooseTransport(options?: {
  env?: Record<string, string | undefined>;
  certs?: () => Promise<DevCerts> | DevCerts;
  read?: (path: string) => unknown;
  port?: number;
}): Promise<Transport>;
export declare function httpMessage(reason: string, port?: number): string;
