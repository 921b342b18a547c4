import type { DbOrTx } from '../../platform/db/open.ts';
import type { Files } from '../../platform/files/files.ts';
import type { StoredFileRow } from '../../platform/files/stored-files.store.ts';

/**
 * Something other than an export record that a share link can name (a support resource, an FAQ
 * entry): the seeShareFile page shows its title, text and file. A subject joins by adding itself to
 * share-subjects.ts, as a list joins the exports by adding its source to export-sources.ts.
 */
export interface ShareSubjectSource {
  /** The `subject` column of its links, e.g. `resource`. */
  kind: string;
  /** What the link shows, or undefined when the subject is gone (the link answers 14065). */
  resolve(
    deps: { db: DbOrTx; files: Files },
    id: number,
  ): Promise<{ title: string; text: string; file: StoredFileRow | null } | undefined>;
}
