import { companyScope } from '../../platform/auth/actor.ts';
import { PLATFORM_FILE_OWNER } from '../../platform/files/files.ts';
import type { ShareSubjectSource } from '../exports/share-subject.ts';
import { findFaq, findResource } from './support.store.ts';

/**
 * What a support share link shows on the public seeShareFile/{id} page: a resource's name,
 * description and file; an FAQ entry's question, answer and attachment. Both are platform files.
 */
const PLATFORM = companyScope(PLATFORM_FILE_OWNER);

export const resourceShareSubject: ShareSubjectSource = {
  kind: 'resource',
  async resolve(deps, id) {
    const resource = await findResource(deps.db, id);
    if (!resource) return undefined;
    const file = await deps.files.find(PLATFORM, resource.file_id);
    if (!file) return undefined;
    return { title: resource.name, text: resource.description, file };
  },
};

export const faqShareSubject: ShareSubjectSource = {
  kind: 'faq',
  async resolve(deps, id) {
    const faq = await findFaq(deps.db, id);
    if (!faq) return undefined;
    const file = faq.attachment_file_id ? await deps.files.find(PLATFORM, faq.attachment_file_id) : undefined;
    return { title: faq.question, text: faq.answer, file: file ?? null };
  },
};
