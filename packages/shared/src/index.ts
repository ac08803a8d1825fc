export * from './messages.ts';
export * from './enums.ts';
export * from './envelope.ts';
export * from './api-types.ts';
export * from './auth.ts';
export * from './commission.ts';
export * from './purchases.ts';
