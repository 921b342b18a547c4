import { z } from 'zod';
import { COMPANY_TYPE_VALUES } from '../enums/companies.ts';
import { LICENCE_PRODUCTS } from '../enums/licences.ts';
import { PageQuerySchema, pageSchema } from '../envelope.ts';
import { EXPORT_MAX_RECORDS, MAX_DEVICES_PER_ASSIGN } from '../limits.ts';
import { COMPANY_TYPE } from '../role-types.ts';
import { CompanyNameSchema, EmailSchema, plainText } from '../rules/identity.ts';
import { defineCall } from './define.ts';
import { BULK_MAX_DEVICES, DeviceListQuerySchema, listDevicesCall } from './devices.ts';
import { type ExportColumnDef, ExportStartedSchema, exportPathOf, exportRequestSchema } from './exports.ts';
import { LicenceBalancesSchema } from './licences.ts';

/**
 * My customers (issue 13; core §2 distributorconsole/myCustomers and resellerconsole/myCustomers, §3 company
 * types, §6 "Company and licence limits"): the companies directly downstream of the caller's company
 * through a partner link. A distributor adds end customers and re-sellers, a re-seller end customers
 * only; the partner reads each customer's devices and licences and moves devices between the two.
 * Licences move through the licences area's partner calls (assignCustomer, reduceCustomer).
 *
 * The company tree: a distributor also reads (never changes) what lies below its re-sellers, their
 * customers' details, devices and licences (`partnerCompanyId` lists a re-seller's customers). Changes
 * stay with the direct partner, so `direct` tells the page which actions to offer.
 */

/** The types a customer can have: an end customer or a re-seller (a distributor is never a customer). */
export const CUSTOMER_TYPES = [COMPANY_TYPE.endCustomer, COMPANY_TYPE.reseller] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

const CompanyTypeFilter = z
  .number()
  .int()
  .refine((t) => (COMPANY_TYPE_VALUES as readonly number[]).includes(t), { error: 'companyTypeUnknown' });

/** A customer's company: a downstream company of the caller's. */
const CustomerIdSchema = z.number().int().positive();

/** One product a customer holds: unused licences and those its devices hold now. */
export const CustomerLicenceSchema = z.object({
  product: z.enum(LICENCE_PRODUCTS),
  /** Unused: what the customer can assign to devices (or the partner take back). */
  unused: z.number().int(),
  /** Held by the customer's devices now. */
  assigned: z.number().int(),
});
export type CustomerLicence = z.infer<typeof CustomerLicenceSchema>;

/** One customer as the list and the detail page show it. Times are Unix ms. */
export const CustomerSchema = z.object({
  companyId: z.number().int(),
  name: z.string(),
  /** 0 end customer, 2 re-seller. */
  type: z.number().int(),
  country: z.string().nullable(),
  /** When the partner link was made (the customer was added). */
  createdAt: z.number().int(),
  deviceCount: z.number().int(),
  /** The products the customer holds (unused or assigned), in the products' order. */
  licences: z.array(CustomerLicenceSchema),
  /** The customer's own partner: the caller's company, or a re-seller below it. */
  partner: z.object({ companyId: z.number().int(), name: z.string() }),
  /** The caller's own customer (it may change it); false for a customer further down the tree (read-only). */
  direct: z.boolean(),
});
export type Customer = z.infer<typeof CustomerSchema>;

export const CUSTOMER_SORT_FIELDS = ['name', 'createdAt'] as const;

const CustomerFilterFields = {
  /** Part of the customer's name, any case. */
  search: z.string().trim().max(50).optional(),
  type: CompanyTypeFilter.optional(),
  sortField: z.enum(CUSTOMER_SORT_FIELDS).default('createdAt'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  /** A re-seller in the caller's tree whose customers to list (read-only); absent: the caller's own. */
  partnerCompanyId: CustomerIdSchema.optional(),
};

export const CustomerListQuerySchema = PageQuerySchema.extend(CustomerFilterFields).strict();
export type CustomerListQuery = z.output<typeof CustomerListQuerySchema>;

export const listCustomersCall = defineCall({
  id: 'customers.list',
  method: 'POST',
  path: '/gm/customer/getMyCustomers',
  input: CustomerListQuerySchema,
  output: pageSchema(CustomerSchema),
  permission: 'customers.view',
  paged: true,
  summary:
    "The caller's company's direct customers (or, with partnerCompanyId, a re-seller's in the caller's tree: else 5), newest first, searched by name and filtered by type, with devices and licences",
});

export const getCustomerCall = defineCall({
  id: 'customers.get',
  method: 'POST',
  path: '/gm/customer/getCustomer',
  input: z.strictObject({ companyId: CustomerIdSchema }),
  output: CustomerSchema,
  permission: 'customers.view',
  summary: 'One customer of the caller or further down its tree (read-only there; not in the tree: 5)',
});

export const AddCustomerInputSchema = z.strictObject({
  /** The new company's name: unique on the platform regardless of case (10). */
  name: CompanyNameSchema,
  /** End customer (0) or re-seller (2); a re-seller adds end customers only (15014). */
  type: CompanyTypeFilter,
  country: plainText(0, 64).optional(),
  /** Receives the invitation to become the new company's owner (/emailToLogin). */
  ownerEmail: EmailSchema,
});
export type AddCustomerInput = z.input<typeof AddCustomerInputSchema>;

export const addCustomerCall = defineCall({
  id: 'customers.add',
  method: 'POST',
  path: '/gm/customer/addCustomer',
  input: AddCustomerInputSchema,
  output: z.object({ companyId: z.number().int(), invitationId: z.number().int() }),
  permission: 'customers.create',
  mutates: true,
  summary:
    'Create a customer company under the caller and invite its owner by e-mail (end customer caller 15018, re-seller adding a partner 15014, distributor adding a distributor 15019, name taken 10 or 15015)',
});

export const updateCustomerCall = defineCall({
  id: 'customers.update',
  method: 'POST',
  path: '/gm/customer/updateCustomer',
  input: z.strictObject({
    companyId: CustomerIdSchema,
    name: CompanyNameSchema.optional(),
    country: plainText(0, 64).optional(),
  }),
  output: CustomerSchema,
  permission: 'customers.edit',
  mutates: true,
  summary: 'Rename a customer or set its country (not a customer: 5; name taken: 10); its type stays (15002)',
});

/** The customer's device list: the device list's search, filters and sort, on that one company. */
export const CustomerDeviceQuerySchema = DeviceListQuerySchema.pick({
  pageNum: true,
  pageSize: true,
  search: true,
  online: true,
  licenceLevel: true,
  sortField: true,
  sortOrder: true,
})
  .extend({ companyId: CustomerIdSchema })
  .strict();

export const customerDevicesCall = defineCall({
  id: 'customers.devices',
  method: 'POST',
  path: '/gm/customer/getCustomerDevices',
  input: CustomerDeviceQuerySchema,
  output: listDevicesCall.output,
  permission: 'customers.view',
  paged: true,
  summary:
    "A customer's devices (the caller's own or further down its tree), read-only, paged and searched as the device list (not in the tree: 5)",
});

export const customerLicencesCall = defineCall({
  id: 'customers.licences',
  method: 'POST',
  path: '/gm/customer/getCustomerLicenses',
  input: z.strictObject({ companyId: CustomerIdSchema }),
  output: LicenceBalancesSchema,
  permission: 'customers.view',
  summary:
    "A customer's licence balances (the caller's own or further down its tree), as its own licences page shows them (not in the tree: 5)",
});

/** Which way a device transfer goes: from the partner to its customer, or back. */
export const DEVICE_TRANSFER_DIRECTIONS = ['toCustomer', 'fromCustomer'] as const;
export type DeviceTransferDirection = (typeof DEVICE_TRANSFER_DIRECTIONS)[number];

export const transferCustomerDevicesCall = defineCall({
  id: 'customers.transferDevices',
  method: 'POST',
  path: '/gm/customer/transferDevices',
  input: z.strictObject({
    companyId: CustomerIdSchema,
    direction: z.enum(DEVICE_TRANSFER_DIRECTIONS),
    // The service counts the devices, so more than 100 answers 17000 with the number, not code 1.
    sns: z.array(z.string().trim().min(1).max(64)).min(1).max(BULK_MAX_DEVICES),
  }),
  output: z.object({ sns: z.array(z.string()) }),
  permission: 'customers.edit',
  mutates: true,
  summary: `Move devices between the caller and its customer, all or none (at most ${MAX_DEVICES_PER_ASSIGN}, 17000; a device the giving side does not have, 120002); each leaves its licence with the company that paid for it`,
});

/** The customer list's filter without paging: what an export covers. */
export const CustomerExportFilterSchema = z.strictObject(CustomerFilterFields);
export type CustomerExportFilter = z.output<typeof CustomerExportFilterSchema>;

/** Columns a customer export can hold, in the page's order. */
export const CUSTOMER_EXPORT_COLUMNS: readonly ExportColumnDef[] = [
  { field: 'companyId', header: { en: 'Company ID', cn: '公司ID' } },
  { field: 'name', header: { en: 'Name', cn: '名称' } },
  { field: 'type', header: { en: 'Type', cn: '类型' } },
  { field: 'country', header: { en: 'Country', cn: '国家' } },
  { field: 'createdAt', header: { en: 'Added', cn: '添加时间' } },
  { field: 'deviceCount', header: { en: 'Devices', cn: '设备数' } },
  { field: 'licences', header: { en: 'Licences (unused / assigned)', cn: '许可证（未使用/已分配）' } },
];

export const exportCustomersCall = defineCall({
  id: 'customers.export',
  method: 'POST',
  path: exportPathOf(listCustomersCall.path),
  input: exportRequestSchema(CustomerExportFilterSchema, CUSTOMER_EXPORT_COLUMNS),
  output: ExportStartedSchema,
  permission: 'customers.export',
  mutates: true,
  summary: `The filtered customer list to .xlsx in the background, in the list's order (up to ${EXPORT_MAX_RECORDS} customers)`,
});

export const CUSTOMER_CALLS = [
  listCustomersCall,
  getCustomerCall,
  addCustomerCall,
  updateCustomerCall,
  customerDevicesCall,
  customerLicencesCall,
  transferCustomerDevicesCall,
  exportCustomersCall,
] as const;
