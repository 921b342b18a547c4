import type { RolloutDeviceState, RolloutSettings, RolloutState, RolloutTarget } from '@fleetport/contract';
import type { ColumnType, Generated } from 'kysely';

type Json<T> = ColumnType<T, string, string>;

/** A stage after the rollout's version: an app, or a configuration change-set (always last). */
export type RolloutStage =
  | { kind: 'app'; versionId: number; packageName: string; version: string }
  | { kind: 'config'; sections: Record<string, unknown>; confirmSeconds: number };

/** Why a rollout stopped by itself: the batch and its figures, put into words when read. */
export interface StopReason {
  batch: number;
  size: number;
  succeeded: number;
  failed: number;
  /** `failures`: failures and timeouts passed the limit; `successes`: the batch ended under its success %. */
  cause: 'failures' | 'successes';
}

/** Rollouts and their devices (migration 0290). */
export interface RolloutTables {
  rollout: {
    id: Generated<number>;
    company_id: number;
    name: string;
    /** The app centre version; null for a configuration. */
    version_id: number | null;
    kind: 'firmware' | 'app' | 'config';
    /** A configuration's section values (`group/key` to value); null for a version. */
    sections: Json<Record<string, unknown> | null>;
    /** A configuration's confirm window (docs/device-protocol.md §7.5). */
    confirm_seconds: number | null;
    target: Json<RolloutTarget>;
    settings: Json<RolloutSettings>;
    state: RolloutState;
    stop_reason: Json<StopReason | null>;
    /** Batches up to this one were accepted by a person resuming the rollout: not judged again. */
    accepted_batch: Generated<number>;
    /** What each device gets after the version, in order (migration 0370): apps, then a configuration. */
    stages: Json<RolloutStage[]>;
    /** Where the devices download from: the address the rollout was created through. */
    origin: string;
    created_by: number | null;
    created_at: Date;
    updated_at: Date;
    finished_at: Date | null;
  };
  rollout_device: {
    rollout_id: number;
    sn: string;
    company_id: number;
    /** Its place in the queue (0 first). */
    position: number;
    /** The zone of the device's own clock (its configuration's NTP time zone), when it has one. */
    time_zone: string | null;
    from_version: string | null;
    batch: number | null;
    state: RolloutDeviceState;
    percent: number | null;
    rpc_id: string | null;
    reason_code: number | null;
    /**
     * `catalogue`: an error code of the catalogue (a refusal); `update`: a device's code 0-16; `health`;
     * `config`: its change-set (`rpc_id`) was rejected, reverted or expired, with the router's words there.
     */
    reason_kind: 'catalogue' | 'update' | 'health' | 'vpnHealth' | 'config' | null;
    /** The device's own words, when it gave them. */
    reason_text: string | null;
    attempts: Generated<number>;
    /** When its batch started (its last attempt's). */
    started_at: Date | null;
    /** When its update succeeded (the start of the link-health wait). */
    succeeded_at: Date | null;
    /**
     * The device's last telemetry row and event row when its install was sent. Link health waits for
     * a sample stored after both the install and the device's boot (arrival order and the device's own
     * clock, so neither clock's offset from the cloud's matters).
     */
    telemetry_mark: number | null;
    event_mark: number | null;
    /** The stage it is at: 0 the rollout's version, then each of the rollout's `stages`. */
    stage: Generated<number>;
    updated_at: Date;
  };
}
