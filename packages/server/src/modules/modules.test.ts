/**
 * The module list is the server's one place of registration: every module folder is in it under its
 * own name, and every table of the migrated database belongs to exactly one module or the platform.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers.ts';
import type { OpenDatabase } from '../platform/db/open.ts';
import { PLATFORM_TABLES, SERVER_MODULES } from './modules.ts';

let database: OpenDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('server modules', () => {
  it('registers every module folder once, by its folder name', () => {
    const folders = fs
      .readdirSync(import.meta.dirname, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(SERVER_MODULES.map((module) => module.area).sort()).toEqual(folders);
    for (const module of SERVER_MODULES) {
      expect(fs.existsSync(path.join(import.meta.dirname, module.area, `${module.area}.module.ts`))).toBe(
        true,
      );
    }
  });

  it('keeps SQL out of route files (route → service → store)', () => {
    const withSql = SERVER_MODULES.filter((module) => {
      const folder = path.join(import.meta.dirname, module.area);
      return fs
        .readdirSync(folder)
        .filter((file) => file.endsWith('.routes.ts'))
        .some((file) =>
          /\b(selectFrom|updateTable|insertInto|deleteFrom)\(|\bsql`/.test(
            fs.readFileSync(path.join(folder, file), 'utf8'),
          ),
        );
    }).map((module) => module.area);
    expect(withSql).toEqual([]);
  });

  it('gives every table of the database one owner', async () => {
    const { rows } = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'
        and table_name not like 'kysely_%'`.execute(database.db);
    const owners = new Map<string, string[]>();
    for (const table of PLATFORM_TABLES) owners.set(table, ['platform layer']);
    for (const module of SERVER_MODULES) {
      for (const table of module.tables) owners.set(table, [...(owners.get(table) ?? []), module.area]);
    }
    const unowned = rows.map((row) => row.name).filter((name) => !owners.has(name));
    const shared = [...owners].filter(([, areas]) => areas.length > 1).map(([table]) => table);
    const missing = [...owners.keys()].filter((table) => !rows.some((row) => row.name === table));
    expect(unowned).toEqual([]);
    expect(shared).toEqual([]);
    expect(missing).toEqual([]);
  });
});
