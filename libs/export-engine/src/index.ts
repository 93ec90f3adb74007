/**
 * The export engine (DESIGN §5–6, §10–11): a pure library — paths/bytes and plain data in, an xlsx
 * (or a check of it) and a report out. No Nest, HTTP, database or object storage in here.
 */
export { generateExport, type EngineInput, type EngineOutput } from './generate-export';
export { SharedPriceMiss } from './export-inputs';
export { checkExport, type CheckOptions, type CheckOutput } from './check-export';
export { explainMatch } from './check/match-explainer';
export { EngineError, type EngineErrorCode } from './package/engine-error';
export { inspectXlsx, DEFAULT_LIMITS, type InspectLimits } from './package/xlsx-inspector';
export { normalizeKey, numberKey } from './price/key-normalizer';
export { inspectPriceList, type PriceListFormat } from './price/csv-price-reader';
export { readColumns } from './column-reader';
export { countPriceRows } from './price-rows';
export { diffPriceVersions, keepPriceVersion, type DiffOptions } from './price-diff';
export { inspectTemplate } from './template/template-input';
export { sharePrice, covers, type SharedPrice } from './price-sharing';
