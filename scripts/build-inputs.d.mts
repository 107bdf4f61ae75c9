// Types of scripts/build-inputs.mjs (plain JavaScript: npm start runs it before anything is compiled).

export interface BuildInputs {
  /** The build-relevant environment variables that were set, by name. */
  readonly env: Readonly<Record<string, string>>;
  /** SHA-256 over the path and content of every source file. */
  readonly sources: string;
  /** How many files went into `sources`. */
  readonly files: number;
}

export declare const recordName: string;
/** The files and folders the app build reads (relative to the repository root). */
export declare const appSourcePaths: readonly string[];
/** The variables the app build reads besides every VITE_*. */
export declare const appEnvNames: readonly string[];
export declare function buildEnvNames(env: NodeJS.ProcessEnv, fixed: readonly string[]): string[];
export declare function buildInputs(options: {
  readonly root: string;
  readonly paths: readonly string[];
  readonly env: NodeJS.ProcessEnv;
  readonly envNames: readonly string[];
}): BuildInputs;
export declare function recordedInputs(dir: string): unknown;
export declare function recordInputs(dir: string, inputs: BuildInputs): void;
export declare function staleReason(dir: string, output: string, current: BuildInputs): string | undefined;
