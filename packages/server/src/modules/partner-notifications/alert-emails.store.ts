import type { AlertEmailType, SmtpSecurity } from '@fleetport/contract';
import { type CompanyScope, owningCompany } from '../../platform/auth/actor.ts';
import type { DbOrTx } from '../../platform/db/open.ts';

/**
 * SQL of a partner's alert e-mails (one row per type once saved) and its SMTP server. Both exist once
 * per company: read and written for the scope's owning company.
 */

export interface AlertEmailRow {
  type: AlertEmailType;
  subject: string;
  senderName: string;
  supportEmail: string;
  bannerFileId: number | null;
  enabled: boolean;
}

export async function alertEmailRows(db: DbOrTx, scope: CompanyScope): Promise<AlertEmailRow[]> {
  const rows = await db
    .selectFrom('partner_alert_email')
    .selectAll()
    .where('company_id', '=', owningCompany(scope))
    .execute();
  return rows.map((r) => ({
    type: r.type as AlertEmailType,
    subject: r.subject,
    senderName: r.sender_name,
    supportEmail: r.support_email,
    bannerFileId: r.banner_file_id === null ? null : Number(r.banner_file_id),
    enabled: r.enabled,
  }));
}

export async function saveAlertEmailRow(db: DbOrTx, scope: CompanyScope, row: AlertEmailRow, at: Date) {
  const values = {
    subject: row.subject,
    sender_name: row.senderName,
    support_email: row.supportEmail,
    banner_file_id: row.bannerFileId,
    enabled: row.enabled,
    updated_at: at,
  };
  await db
    .insertInto('partner_alert_email')
    .values({ company_id: owningCompany(scope), type: row.type, ...values })
    .onConflict((oc) => oc.columns(['company_id', 'type']).doUpdateSet(values))
    .execute();
}

export interface SmtpRow {
  senderEmail: string;
  host: string;
  port: number;
  security: SmtpSecurity;
  username: string;
  passwordSealed: string | null;
}

export async function findSmtp(db: DbOrTx, scope: CompanyScope): Promise<SmtpRow | undefined> {
  const r = await db
    .selectFrom('partner_smtp')
    .selectAll()
    .where('company_id', '=', owningCompany(scope))
    .executeTakeFirst();
  return (
    r && {
      senderEmail: r.sender_email,
      host: r.host,
      port: Number(r.port),
      security: r.security as SmtpSecurity,
      username: r.username,
      passwordSealed: r.password_sealed,
    }
  );
}

export async function saveSmtpRow(db: DbOrTx, scope: CompanyScope, row: SmtpRow, at: Date) {
  const values = {
    sender_email: row.senderEmail,
    host: row.host,
    port: row.port,
    security: row.security,
    username: row.username,
    password_sealed: row.passwordSealed,
    updated_at: at,
  };
  await db
    .insertInto('partner_smtp')
    .values({ company_id: owningCompany(scope), ...values })
    .onConflict((oc) => oc.column('company_id').doUpdateSet(values))
    .execute();
}

export async function deleteSmtpRow(db: DbOrTx, scope: CompanyScope) {
  await db.deleteFrom('partner_smtp').where('company_id', '=', owningCompany(scope)).execute();
}
