import {
  type CallParsedInput,
  type createProductCall,
  duplicates,
  ErrorCode,
  interpolate,
  type Lang,
  type listProductsCall,
  type ParameterDataType,
  type PointTablePoint,
  type Product,
  type ProductControl,
  type ProductParameter,
  type ReportGroup,
  type saveProductParametersCall,
  type updateProductCall,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { type Actor, owningScope } from '../../platform/auth/actor.ts';
import { type DbOrTx, inTransaction } from '../../platform/db/open.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { findPointTable } from '../point-tables/point-tables.store.ts';
import {
  deleteProduct,
  findProduct,
  insertProduct,
  listProducts,
  listSimpleProducts,
  markProductEnabled,
  type ProductRowValues,
  productNamed,
  type StoredProduct,
  updateProduct,
} from './products.store.ts';
import { PRODUCT_TEXT as TEXT } from './products.text.ts';

/** What the products area reads from AppDeps (its manifest's `uses`). */
export type ProductDeps = ModuleDeps<'clock' | 'db' | 'files'>;

type CreateInput = CallParsedInput<typeof createProductCall>;
type UpdateInput = CallParsedInput<typeof updateProductCall>;
type GroupInput = CreateInput['reportGroups'][number];

const lower = (text: string) => text.trim().toLowerCase();

/** Two people saving the same name at once: the unique index refuses the second, which is 800005 too. */
async function nameRaceIs800005<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === '23505')
      throw new AppError(ErrorCode.PRODUCT_NAME_EXISTS);
    throw error;
  }
}

/** The public view: the copied points stay inside the server. */
function view({ points: _points, ...product }: StoredProduct): Product {
  return product;
}

export function getProducts(
  { db }: ProductDeps,
  actor: Actor,
  query: CallParsedInput<typeof listProductsCall>,
) {
  return listProducts(db, actor.scope, query);
}

export async function getProduct({ db }: ProductDeps, actor: Actor, id: number): Promise<Product> {
  return view(await findProduct(db, actor.scope, id));
}

export function getSimpleProducts({ db }: ProductDeps, actor: Actor, published: 0 | 1 | undefined) {
  return listSimpleProducts(db, actor.scope, published);
}

/**
 * The report groups as saved: names unique in the product (800012), each point a point of the table
 * and in one group only (1 naming the group's points). Answers the groups and the points they hold.
 */
function checkedGroups(groups: readonly GroupInput[], table: readonly PointTablePoint[], lang: Lang) {
  if (duplicates(groups, (g) => lower(g.name)).length) throw new AppError(ErrorCode.REPORT_EXISTS);
  const byName = new Map(table.map((p) => [p.name, p]));
  const seen = new Set<string>();
  const points: PointTablePoint[] = [];
  groups.forEach((group, g) => {
    group.points.forEach((name, i) => {
      const field = `reportGroups.${g}.points.${i}`;
      const point = byName.get(name);
      if (!point) throw fieldError(field, interpolate(TEXT.unknownPoint[lang], { name }));
      if (seen.has(name)) throw fieldError(field, interpolate(TEXT.pointInTwoGroups[lang], { name }));
      seen.add(name);
      points.push(point);
    });
  });
  const saved: ReportGroup[] = groups.map((g) => ({
    name: g.name,
    type: g.type,
    strategy: g.strategy,
    frequency: g.strategy === 'INTERVAL' ? g.frequency : null,
    time: g.strategy === 'REGULAR' ? g.time : null,
    points: [...g.points],
  }));
  return { groups: saved, points };
}

/** How the cloud types a point's value: scaled registers are fractional, single bits are flags. */
export function parameterTypeOf(point: PointTablePoint): ParameterDataType {
  switch (point.dataType) {
    case 'BOOLEAN':
      return 'boolean';
    case 'BIT':
      return point.bitCount === 1 ? 'boolean' : 'integer';
    case 'FLOAT':
    case 'DOUBLE':
      return 'float';
    case 'RAW-DATA':
      return 'text';
    default:
      return point.divisor !== 1 || !Number.isInteger(point.multiplier) || point.decimals > 0
        ? 'float'
        : 'integer';
  }
}

/** A field code from a point name: letters, digits and underscores, starting with a letter, unique. */
function codeOf(name: string, taken: Set<string>): string {
  let code = name.replace(/\W/g, '_');
  if (!/^[A-Za-z]/.test(code)) code = `p_${code}`;
  code = code.slice(0, 50);
  let candidate = code;
  for (let n = 2; taken.has(lower(candidate)); n++) candidate = `${code.slice(0, 46)}_${n}`;
  taken.add(lower(candidate));
  return candidate;
}

/**
 * The parameters of the points the groups hold: those already saved stay as they were, a new point
 * gets a drafted one (its name as title and code). `drafted` says whether any is new and unsaved.
 */
function parametersFor(points: readonly PointTablePoint[], current: readonly ProductParameter[]) {
  const byPoint = new Map(current.map((p) => [p.point, p]));
  const kept = points.flatMap((point) => {
    const saved = byPoint.get(point.name);
    return saved ? [{ ...saved, pointType: point.dataType }] : [];
  });
  const taken = new Set(kept.map((p) => lower(p.code)));
  let drafted = false;
  const parameters = points.map((point): ProductParameter => {
    const saved = kept.find((p) => p.point === point.name);
    if (saved) return saved;
    drafted = true;
    return {
      point: point.name,
      title: point.name.slice(0, 50),
      code: codeOf(point.name, taken),
      dataType: parameterTypeOf(point),
      pointType: point.dataType,
    };
  });
  return { parameters, drafted };
}

/** Tags (800032), location (800009) and controls (800013, 800014, 800015) against the parameters. */
function checkExtras(input: UpdateInput, parameters: readonly ProductParameter[]) {
  if (duplicates(input.tags, lower).length) throw new AppError(ErrorCode.PRODUCT_TAG_EXISTS);
  if (input.locationMethods.length > 1) throw new AppError(ErrorCode.ONE_LOCATION_METHOD);
  if (duplicates(input.controls, (c) => lower(c.name)).length)
    throw new AppError(ErrorCode.CONTROL_NAME_EXISTS);
  if (duplicates(input.controls, (c) => lower(c.code)).length)
    throw new AppError(ErrorCode.CONTROL_CODE_EXISTS);
  checkControls(input.controls, parameters);
}

function checkControls(controls: readonly ProductControl[], parameters: readonly ProductParameter[]) {
  const codes = new Set(parameters.map((p) => p.code));
  if (controls.some((c) => c.parameters.some((code) => !codes.has(code))))
    throw new AppError(ErrorCode.DATA_OUT_OF_SPEC);
}

/** The product's own logo upload (kind `productLogo`), or 1 naming `logoFileId`. */
async function checkLogo(deps: ProductDeps, actor: Actor, fileId: number | null, lang: Lang) {
  if (fileId === null) return;
  const file = await deps.files.find(actor.scope, fileId);
  if (file?.kind !== 'productLogo') throw fieldError('logoFileId', TEXT.logoInvalid[lang]);
}

/** Step 1 and 2 and the basic information: a product of the table, not enabled, parameters drafted. */
export async function createProduct(deps: ProductDeps, actor: Actor, input: CreateInput, lang: Lang) {
  const scope = owningScope(actor.scope);
  const table = await findPointTable(deps.db, scope, input.pointTableId);
  const { groups, points } = checkedGroups(input.reportGroups, table.points, lang);
  await checkLogo(deps, actor, input.logoFileId, lang);
  const { parameters } = parametersFor(points, []);
  const id = await nameRaceIs800005(
    inTransaction(deps.db, async (tx) => {
      if (await productNamed(tx, scope, input.name)) throw new AppError(ErrorCode.PRODUCT_NAME_EXISTS);
      return insertProduct(
        tx,
        scope,
        table.pointTableId,
        {
          name: input.name,
          logoFileId: input.logoFileId,
          type: input.type,
          southboundApp: input.southboundApp,
          points,
          reportGroups: groups,
          parameters,
          parametersSaved: false,
          tags: [],
          locationMethods: [],
          controls: [],
        },
        deps.clock.now(),
      );
    }),
  );
  return view(await findProduct(deps.db, scope, id));
}

/** What an enabled product may not change: everything but when its report groups upload. */
function lockedPart(p: {
  name: string;
  logoFileId: number | null;
  type: string;
  southboundApp: string;
  reportGroups: readonly { name: string; type: string; strategy: string; points: readonly string[] }[];
  tags: readonly string[];
  locationMethods: readonly string[];
  controls: readonly ProductControl[];
}): string {
  return JSON.stringify([
    p.name,
    p.logoFileId,
    p.type,
    p.southboundApp,
    p.reportGroups.map((g) => [g.name, g.type, g.strategy, g.points]),
    p.tags,
    p.locationMethods,
    p.controls.map((c) => [c.name, c.code, c.mandatory, c.parameters]),
  ]);
}

/**
 * Changes a product. Not enabled: anything, once its parameters are saved (800016). Enabled: only the
 * upload frequency (or time of day) of its report groups (800008 for anything else).
 */
export async function editProduct(deps: ProductDeps, actor: Actor, input: UpdateInput, lang: Lang) {
  const scope = owningScope(actor.scope);
  const now = deps.clock.now();
  await nameRaceIs800005(
    inTransaction(deps.db, async (tx) => {
      const product = await findProduct(tx, scope, input.modelId);
      if (product.state === 'enabled') return editEnabled(tx, actor, product, input, now);
      if (!product.parametersSaved) throw new AppError(ErrorCode.SAVE_PARAMETERS_FIRST);
      const table = await findPointTable(tx, scope, product.pointTableId);
      const { groups, points } = checkedGroups(input.reportGroups, table.points, lang);
      const { parameters, drafted } = parametersFor(points, product.parameters);
      checkExtras(input, parameters);
      if (await productNamed(tx, scope, input.name, product.modelId))
        throw new AppError(ErrorCode.PRODUCT_NAME_EXISTS);
      await checkLogo(deps, actor, input.logoFileId, lang);
      await updateProduct(
        tx,
        scope,
        product.modelId,
        {
          name: input.name,
          logoFileId: input.logoFileId,
          type: input.type,
          southboundApp: input.southboundApp,
          points,
          reportGroups: groups,
          parameters,
          parametersSaved: !drafted,
          tags: input.tags,
          locationMethods: input.locationMethods,
          controls: input.controls,
        },
        now,
      );
    }),
  );
  return view(await findProduct(deps.db, scope, input.modelId));
}

async function editEnabled(tx: DbOrTx, actor: Actor, product: StoredProduct, input: UpdateInput, now: Date) {
  if (lockedPart(product) !== lockedPart(input)) throw new AppError(ErrorCode.PRODUCT_ENABLED_LOCKED);
  const timing = new Map(input.reportGroups.map((g) => [g.name, g]));
  const reportGroups = product.reportGroups.map((g) => {
    const wanted = timing.get(g.name)!;
    return {
      ...g,
      frequency: g.strategy === 'INTERVAL' ? wanted.frequency : null,
      time: g.strategy === 'REGULAR' ? wanted.time : null,
    };
  });
  await updateProduct(
    tx,
    owningScope(actor.scope),
    product.modelId,
    productValues(product, { reportGroups }),
    now,
  );
}

function productValues(product: StoredProduct, change: Partial<ProductRowValues>): ProductRowValues {
  return {
    name: product.name,
    logoFileId: product.logoFileId,
    type: product.type,
    southboundApp: product.southboundApp,
    points: product.points,
    reportGroups: product.reportGroups,
    parameters: product.parameters,
    parametersSaved: product.parametersSaved,
    tags: product.tags,
    locationMethods: product.locationMethods,
    controls: product.controls,
    ...change,
  };
}

/**
 * Saves the parameters: one per point of the report groups (1 naming `parameters`), codes unique in the
 * product (800010), titles too (800011). An enabled product's parameters stay (800008).
 */
export async function saveParameters(
  deps: ProductDeps,
  actor: Actor,
  input: CallParsedInput<typeof saveProductParametersCall>,
  lang: Lang,
) {
  const scope = owningScope(actor.scope);
  await inTransaction(deps.db, async (tx) => {
    const product = await findProduct(tx, scope, input.modelId);
    if (product.state === 'enabled') throw new AppError(ErrorCode.PRODUCT_ENABLED_LOCKED);
    const byPoint = new Map(product.points.map((p) => [p.name, p]));
    input.parameters.forEach((p, i) => {
      if (!byPoint.has(p.point))
        throw fieldError(
          `parameters.${i}.point`,
          interpolate(TEXT.parameterNotInGroups[lang], { name: p.point }),
        );
    });
    const given = new Set(input.parameters.map((p) => p.point));
    const missing = product.points.find((p) => !given.has(p.name));
    if (missing)
      throw fieldError('parameters', interpolate(TEXT.parameterMissing[lang], { name: missing.name }));
    const twice = duplicates(input.parameters, (p) => p.point)[0];
    if (twice)
      throw fieldError('parameters', interpolate(TEXT.pointInTwoGroups[lang], { name: twice.point }));
    if (duplicates(input.parameters, (p) => lower(p.code)).length)
      throw new AppError(ErrorCode.PARAMETER_CODE_EXISTS);
    if (duplicates(input.parameters, (p) => lower(p.title)).length)
      throw new AppError(ErrorCode.PARAMETER_NAME_EXISTS);
    const parameters: ProductParameter[] = product.points.map((point) => {
      const p = input.parameters.find((q) => q.point === point.name)!;
      return {
        point: p.point,
        title: p.title,
        code: p.code,
        dataType: p.dataType,
        pointType: point.dataType,
      };
    });
    checkControls(product.controls, parameters);
    await updateProduct(
      tx,
      scope,
      product.modelId,
      productValues(product, { parameters, parametersSaved: true }),
      deps.clock.now(),
    );
  });
  return view(await findProduct(deps.db, scope, input.modelId));
}

/** Not enabled → enabled, irreversibly; needs saved parameters (800016) and one location method (800009). */
export async function enableProduct(deps: ProductDeps, actor: Actor, id: number) {
  const scope = owningScope(actor.scope);
  const product = await findProduct(deps.db, scope, id);
  if (product.state === 'notEnabled') {
    if (!product.parametersSaved) throw new AppError(ErrorCode.SAVE_PARAMETERS_FIRST);
    if (product.locationMethods.length !== 1) throw new AppError(ErrorCode.ONE_LOCATION_METHOD);
    await markProductEnabled(deps.db, scope, id, deps.clock.now());
  }
  return view(await findProduct(deps.db, scope, id));
}

/** A product with endpoints stays until they are removed (800007). */
export async function removeProduct({ db }: ProductDeps, actor: Actor, id: number): Promise<null> {
  const scope = owningScope(actor.scope);
  const product = await findProduct(db, scope, id);
  if (product.endpointCount > 0 || !(await deleteProduct(db, scope, id)))
    throw new AppError(ErrorCode.PRODUCT_HAS_ENDPOINTS);
  return null;
}
