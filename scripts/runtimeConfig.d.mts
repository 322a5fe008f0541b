export interface RuntimeConfig {
  apiUrl?: string;
  googleMapsApiKey?: string;
}
export const RUNTIME_CONFIG_FILE: string;
export function runtimeConfig(env?: Record<string, string | undefined>): RuntimeConfig;
export function runtimeConfigScript(config: RuntimeConfig): string;
export function writeRuntimeConfig(
  outDir: string,
  env?: Record<string, string | undefined>,
): string;
