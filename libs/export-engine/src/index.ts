/**
 * The export engine (DESIGN §5–6): a pure library — paths/bytes and plain data in, an xlsx and a
 * report out. No Nest, HTTP, database or object storage in here.
 */
export { generateExport, type EngineInput, type EngineOutput } from './generate-export';
export { EngineError, type EngineErrorCode } from './engine-error';
export { inspectXlsx, DEFAULT_LIMITS, type InspectLimits } from './xlsx-inspector';
export { normalizeKey, numberKey } from './key-normalizer';
export { inspectPriceList, type PriceListFormat } from './csv-price-reader';
export { readColumns } from './column-reader';
