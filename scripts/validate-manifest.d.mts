// Types for scripts/validate-manifest.mjs, so TypeScript tests can import it.
export declare const SCHEMA_DIR: string;
export type ManifestValidationOptions = { schemaDir?: string; fileName?: string; assetRoot?: string };
export declare function validateManifestSchema(
  xml: string,
  options?: ManifestValidationOptions,
): Promise<string[]>;
export declare function pngSize(bytes: Uint8Array): { width: number; height: number } | null;
export declare function checkManifestReferences(xml: string, options?: ManifestValidationOptions): string[];
export declare function validateManifest(xml: string, options?: ManifestValidationOptions): Promise<string[]>;
