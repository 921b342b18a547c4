import {
  addCertificateCall,
  listCertificatesCall,
  listFaqsCall,
  listFaqTagsCall,
  listResourcesCall,
  listShareLinksCall,
  removeCertificateCall,
  removeFaqCall,
  removeResourceCall,
  removeShareLinkCall,
  saveFaqCall,
  saveResourceCall,
  shareFaqCall,
  shareResourceCall,
} from '@fleetport/contract';
import { companyActorIfAny } from '../../platform/auth/actor.ts';
import type { Session } from '../../platform/auth/session.ts';
import { PLATFORM_FILE_OWNER } from '../../platform/files/files.ts';
import { bind, requireSession } from '../../platform/http/calls.ts';
import { type RecordOwner, recordOwner } from '../exports/exports.store.ts';
import * as certificates from './certificates.service.ts';
import * as support from './support.service.ts';

/**
 * Whose share links: the caller in its company (a set of companies is refused, 5), or the Super Admin
 * (no company) under the platform's owner id.
 */
function linkOwner(ctx: { session: Session | null }): RecordOwner {
  const actor = companyActorIfAny(ctx);
  if (actor) return recordOwner(actor);
  return { companyId: PLATFORM_FILE_OWNER, userId: requireSession(ctx).userId };
}

/** The support area's calls: reading and sharing for users, writing for the Super Admin. */
export function supportRoutes(deps: support.SupportDeps) {
  return [
    bind(listResourcesCall, async (ctx) => support.listResources(deps, ctx.input, ctx.lang)),
    bind(saveResourceCall, async (ctx) => support.saveResource(deps, ctx.input, ctx.lang)),
    bind(removeResourceCall, async (ctx) => support.removeResource(deps, ctx.input.id, ctx.lang)),
    bind(listFaqsCall, async (ctx) => support.listFaqs(deps, ctx.input, ctx.lang)),
    bind(listFaqTagsCall, async (ctx) => support.faqTags(deps, ctx.input.language, ctx.lang)),
    bind(saveFaqCall, async (ctx) => support.saveFaq(deps, ctx.input, ctx.lang)),
    bind(removeFaqCall, async (ctx) => support.removeFaq(deps, ctx.input.id, ctx.lang)),
    bind(shareResourceCall, async (ctx) =>
      support.share(deps, linkOwner(ctx), { kind: 'resource', id: ctx.input.id }, ctx.lang),
    ),
    bind(shareFaqCall, async (ctx) =>
      support.share(deps, linkOwner(ctx), { kind: 'faq', id: ctx.input.id }, ctx.lang),
    ),
    bind(listShareLinksCall, async (ctx) =>
      support.shareLinks(deps, linkOwner(ctx), { kind: ctx.input.subject, id: ctx.input.id }),
    ),
    bind(removeShareLinkCall, async (ctx) => support.removeShare(deps, linkOwner(ctx), ctx.input.shareId)),
    bind(listCertificatesCall, async (ctx) => certificates.listCertificates(deps, ctx.input)),
    bind(addCertificateCall, async (ctx) => certificates.addCertificate(deps, ctx.input.fileId, ctx.lang)),
    bind(removeCertificateCall, async (ctx) => certificates.removeCertificate(deps, ctx.input.id, ctx.lang)),
  ];
}
