import type { Generated } from 'kysely';

/**
 * The tables the server knows. Each module adds its tables here in one interface of its own, so
 * store code is typed against the same names the migrations create.
 */
export interface PlatformTables {
  app_setting: {
    key: string;
    value: unknown;
    updated_at: Generated<Date>;
  };
}

export interface Database extends PlatformTables {}
