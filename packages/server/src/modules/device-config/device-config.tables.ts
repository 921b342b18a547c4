import type { ChangeSetSource, ChangeSetState, ConfigDifference } from '@fleetport/contract';
import type { ColumnType } from 'kysely';

type Json<T> = ColumnType<T, string, string>;

/** Remote configuration's change-sets (migration 0280). */
export interface DeviceConfigTables {
  device_change_set: {
    /** Also the `changeSet.id` the device gets (§7.5). */
    id: string;
    company_id: number;
    sn: string;
    state: ChangeSetState;
    /** The target value of each section that changes, keyed `group/key`. */
    sections: Json<Record<string, unknown>>;
    differences: Json<ConfigDifference[]>;
    /** The configuration document sent (the changed sections only, applied by merge). */
    xml: string;
    confirm_seconds: number;
    apply_command_id: string | null;
    confirm_command_id: string | null;
    /** The device's own words, when it gave any. */
    reason: string | null;
    /** Why it ended rejected, reverted or expired: a catalogue code 120123-120130 (0361). */
    reason_code: number | null;
    checksum: string | null;
    /** The applied change-set this one undoes, if it is a rollback. */
    rollback_of: string | null;
    created_by: number | null;
    /** A person's change to this device, a group profile's rollout or a zero-touch template (0360). */
    source: ColumnType<ChangeSetSource, ChangeSetSource | undefined, never>;
    created_at: Date;
    finished_at: Date | null;
  };
  /**
   * A device whose running configuration changed without a change-set (someone used its own web
   * interface): the configuration the cloud knew before, kept until the drift is adopted or put back.
   */
  device_config_drift: {
    sn: string;
    company_id: number;
    detected_at: Date;
    baseline_xml: string;
  };
  /** A group's configuration profile per series (migration 0290). */
  device_group_profile: {
    group_id: number;
    series: string;
    company_id: number;
    sections: Json<Record<string, unknown>>;
    updated_by: number | null;
    updated_at: Date;
  };
}
