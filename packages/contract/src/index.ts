export * from './api/index.ts';
export * from './envelope.ts';
export * from './errors/index.ts';
export * from './i18n.ts';
export * from './rules/localize.ts';
export * from './rules/messages.ts';
