import type { Generated } from 'kysely';

type Id = number;

/** Reports, custom reports and report runs (migration 0330). */
export interface ReportTables {
  custom_report: {
    id: Generated<Id>;
    company_id: Id;
    name: string;
    description: string;
    type: string;
    fields: unknown;
    created_by: Id | null;
    created_at: Date;
  };
  report: {
    id: Generated<Id>;
    company_id: Id;
    name: string;
    type: string;
    custom_report_id: Id | null;
    generation: string;
    frequency: string;
    schedule_time: string;
    start_time: Date | null;
    end_time: Date | null;
    targets: unknown;
    file_name: string;
    enabled: boolean;
    next_run_at: Date | null;
    created_by: Id;
    created_at: Date;
    updated_at: Date;
  };
  report_run: {
    id: Generated<Id>;
    company_id: Id;
    report_id: Id;
    record_id: Id;
    period_start: Date;
    period_end: Date;
    scheduled: boolean;
    devices: Generated<number>;
    created_at: Date;
  };
}
