export { type AppDeps, allRoutes, buildApp } from './app.ts';
export { loadConfig, type ServerConfig } from './platform/config.ts';
export { openDatabase } from './platform/db/open.ts';
