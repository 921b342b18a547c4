import { type AppDeps, type ModuleDeps, pickDeps } from './app-deps.ts';
import type { RouteBinding } from './http/calls.ts';

/**
 * One server area in one place: its name (the same as its contract file and console feature), the
 * parts of AppDeps it uses, its calls' handlers and the tables it owns. `modules/modules.ts` lists
 * every area; the app, the route tests and the tenancy and fuzz tests read that list, so a new area
 * adds its folder and one line there.
 */
export interface ServerModule {
  /** `server/src/modules/<area>/`, `contract/src/api/<area>.ts`, `web/src/features/<area>/`. */
  area: string;
  /** Handlers of the area's contract calls, built from the deps the area declared. */
  routes(deps: AppDeps): RouteBinding[];
  /** Tables the area's migrations create and only its stores write (docs/adding-an-area.md). */
  tables: readonly string[];
}

export interface ModuleDefinition<K extends keyof AppDeps> {
  area: string;
  /** The parts of AppDeps the area's routes and services read; it receives only these. */
  uses: readonly K[];
  routes(deps: ModuleDeps<K>): RouteBinding[];
  tables?: readonly string[];
}

export function defineModule<K extends keyof AppDeps>(definition: ModuleDefinition<K>): ServerModule {
  const { area, uses, routes, tables = [] } = definition;
  return { area, tables, routes: (deps) => routes(pickDeps(deps, uses)) };
}
