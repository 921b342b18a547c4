import type { Generated } from 'kysely';

type Instant = Date;

/** The open API's tables (migration 0350_open_api). */
export interface OpenApiTables {
  /** A company's client: the public `client_key` and the hash of its secret (and of the one it replaced). */
  open_api_client: {
    id: Generated<number>;
    company_id: number;
    name: string;
    client_key: string;
    secret_hash: string;
    previous_secret_hash: string | null;
    previous_secret_until: Date | null;
    is_admin: boolean;
    all_interfaces: boolean;
    interfaces: string[];
    scopes: string[];
    enabled: boolean;
    created_by_user_id: number | null;
    created_at: Instant;
    updated_at: Instant;
  };
  /** An access token by its SHA-256; deleted with its client, on rotation and on a narrowing edit. */
  open_api_token: {
    token_hash: string;
    client_id: number;
    scopes: string[];
    expires_at: Instant;
    created_at: Instant;
  };
  open_api_rate_bucket: {
    client_id: number;
    tokens: number;
    updated_ms: number;
    /** Whether the last call taken from the bucket was admitted. */
    admitted: boolean;
  };
  /** The first answer to a client's Idempotency-Key; `status` null while that request runs. */
  open_api_idempotency: {
    client_id: number;
    idempotency_key: string;
    request_hash: string;
    status: number | null;
    response: unknown;
    created_at: Instant;
  };
  open_api_call_log: {
    id: Generated<number>;
    company_id: number;
    client_id: number | null;
    client_name: string;
    client_key: string;
    interface_id: string;
    method: string;
    path: string;
    status: number;
    code: number;
    duration_ms: number;
    at: Instant;
  };
}
