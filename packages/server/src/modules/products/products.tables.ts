import type {
  LocationMethod,
  PointTablePoint,
  ProductControl,
  ProductParameter,
  ProductState,
  ProductType,
  ReportGroup,
} from '@fleetport/contract';
import type { ColumnType, Generated } from 'kysely';

type Json<T> = ColumnType<T, string, string>;

/** Products of the endpoint manager (migration 0720). */
export interface ProductTables {
  product: {
    id: Generated<number>;
    company_id: number;
    point_table_id: number;
    name: string;
    logo_file_id: number | null;
    type: ProductType;
    southbound_app: string;
    state: Generated<ProductState>;
    /** The point table's points the report groups hold, as they were when last saved. */
    points: Json<PointTablePoint[]>;
    report_groups: Json<ReportGroup[]>;
    parameters: Json<ProductParameter[]>;
    parameters_saved: Generated<boolean>;
    tags: Json<string[]>;
    location_methods: Json<LocationMethod[]>;
    controls: Json<ProductControl[]>;
    enabled_at: Date | null;
    created_at: Date;
    updated_at: Date;
  };
}
