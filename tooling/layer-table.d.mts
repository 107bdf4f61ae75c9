// Types of tooling/layer-table.mjs (plain JavaScript, run by node: `npm run docs:layers`).

/** The marker lines that enclose the printed table in docs/architecture.md. */
export declare const TABLE_START: string;
export declare const TABLE_END: string;
/** The "Layers" table and the sentence about the outer ring, as markdown (without the markers). */
export declare function layerTable(): string;
/** `doc` with the text between the markers replaced by `table`; throws when the markers are missing. */
export declare function withLayerTable(doc: string, table: string): string;
