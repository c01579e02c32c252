export * from './constants';
export * from './messages';
export * from './wallet-labels';
export * from './format';
export * from './schemas';
export * from './routes';
export * from './generations';
export * from './bulk';
