import type {
  DeviceModelType,
  ProvisioningState,
  ProvisioningStepKind,
  ProvisioningStepState,
} from '@fleetport/contract';
import type { ColumnType, Generated } from 'kysely';

type Instant = ColumnType<Date, Date, Date>;
type Json<T> = ColumnType<T, string, string>;

/** Zero-touch templates and their provisioning runs (migration 0320_device_templates). */
export interface DeviceTemplateTables {
  device_template: {
    id: Generated<number>;
    company_id: number;
    name: string;
    series: string;
    type: DeviceModelType;
    models: Json<string[]>;
    firmware_version_id: number | null;
    app_version_ids: Json<number[]>;
    config_xml: string | null;
    config_file_name: string | null;
    enabled: boolean;
    /** The address the console reached the server by: routers download the packages from it. */
    origin: string;
    created_by: number | null;
    created_at: Instant;
    updated_at: Instant;
  };
  device_template_package: {
    template_id: number;
    company_id: number;
    version_id: number;
  };
  device_provisioning: {
    id: Generated<number>;
    company_id: number;
    sn: string;
    template_id: number | null;
    template_name: string;
    state: ProvisioningState;
    started_at: Instant;
    finished_at: Date | null;
  };
  device_provisioning_step: {
    provisioning_id: number;
    company_id: number;
    position: number;
    kind: ProvisioningStepKind;
    version_id: number | null;
    target: string;
    state: ProvisioningStepState;
    attempts: Generated<number>;
    reason_code: number | null;
    reason_data: Json<Record<string, string> | null> | null;
    reason: string | null;
    rpc_id: string | null;
    change_set_id: string | null;
    started_at: Date | null;
    finished_at: Date | null;
  };
}
