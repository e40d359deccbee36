// The page globals the loader and the stand-in share (set by the page, the loader or bimface.index.js).
import type { Configurations, LoaderConfig, Metadata } from './loader-rules';

/** The loader's globals the stand-in reads (set by the page, or by the loader). */
export interface HostConfig {
  APIHost?: string;
  staticHost?: string;
  resourceHost?: string;
  dataEnvType?: string;
}

declare global {
  interface Window {
    hostConfig?: HostConfig;
    BimfaceLoaderConfig?: Partial<LoaderConfig> & { fullStaticHost?: string };
    BimfaceSDKLoaderConfig?: () => LoaderConfig;
    BimfaceSDKLoader?: {
      Version: string;
      load: (
        config: LoaderConfig,
        success?: (data: Metadata) => void,
        failure?: (error?: unknown) => void,
      ) => Promise<Metadata> | undefined;
    };
    BimfaceConfigrationOption?: Readonly<Record<string, string>>;
    BimfaceViewTypeOption?: Readonly<Record<string, string>>;
    BimfaceEnvOption?: Readonly<Record<string, string>>;
    BimfaceLanguageOption?: Readonly<Record<string, string>>;
    postProcessing?: (configurations: Configurations) => void;
    Glodon?: { Bimface?: { StandIn?: unknown } };
  }
}

export {};
