import {
  createProductCall,
  deleteProductCall,
  enableProductCall,
  getProductCall,
  listProductsCall,
  listSimpleProductsCall,
  saveProductParametersCall,
  updateProductCall,
} from '@fleetport/contract';
import { companyActor } from '../../platform/auth/actor.ts';
import { bind } from '../../platform/http/calls.ts';
import * as products from './products.service.ts';

/** The product calls: the actor from the session, the service, the answer. */
export function productRoutes(deps: products.ProductDeps) {
  return [
    bind(listProductsCall, async (ctx) => products.getProducts(deps, companyActor(ctx), ctx.input)),
    bind(getProductCall, async (ctx) => products.getProduct(deps, companyActor(ctx), ctx.input.modelId)),
    bind(listSimpleProductsCall, async (ctx) =>
      products.getSimpleProducts(deps, companyActor(ctx), ctx.input.published),
    ),
    bind(createProductCall, async (ctx) =>
      products.createProduct(deps, companyActor(ctx), ctx.input, ctx.lang),
    ),
    bind(updateProductCall, async (ctx) =>
      products.editProduct(deps, companyActor(ctx), ctx.input, ctx.lang),
    ),
    bind(saveProductParametersCall, async (ctx) =>
      products.saveParameters(deps, companyActor(ctx), ctx.input, ctx.lang),
    ),
    bind(enableProductCall, async (ctx) =>
      products.enableProduct(deps, companyActor(ctx), ctx.input.modelId),
    ),
    bind(deleteProductCall, async (ctx) =>
      products.removeProduct(deps, companyActor(ctx), ctx.input.modelId),
    ),
  ];
}
