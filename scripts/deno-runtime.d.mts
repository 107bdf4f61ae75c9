export declare const denoBinary: string;
export declare const functionsConfig: string;
export declare const edgeFunctionsServer: string;
export declare function denoEnv(extra?: Readonly<Record<string, string>>): Record<string, string>;
