// Types for scripts/manifest-sso.mjs, so TypeScript tests can import it.
export declare const NIL_APP_ID: string;
export type EntraSettings = { appId: string; resource: string };
export type EntraEnv = { SECTIONSMITH_ENTRA_APP_ID?: string; SECTIONSMITH_ENTRA_RESOURCE?: string };
export declare function entraSettings(paneUrl: string, env?: EntraEnv): EntraSettings;
export declare function fillWebApplicationInfo(xml: string, settings: EntraSettings): string;
export declare function buildManifest(
  xml: string,
  options: { dev: boolean; urlDev: string; urlProd: string; env?: EntraEnv },
): string;
