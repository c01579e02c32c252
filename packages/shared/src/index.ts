// The API contract both sides enforce, then the web app's copy; `@baegen/shared/contract` and
// `@baegen/shared/copy` name each half alone.
export * from './contract';
export * from './copy';
