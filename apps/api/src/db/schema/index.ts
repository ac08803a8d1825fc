export * from './users.ts';
export * from './presale.ts';
export * from './stages.ts';
export * from './files.ts';
export * from './purchases.ts';
export * from './affiliates.ts';
export * from './infra.ts';
export * from './delivery.ts';
