/** The words the release-notes area writes itself (field messages of code 1). */
export const RELEASE_NOTES_TEXT = {
  noSuchNote: { en: 'There is no such release note', cn: '没有此发布说明' },
  notAnAttachment: {
    en: 'The attachment must be a file uploaded as a release note attachment',
    cn: '附件必须是以发布说明附件上传的文件',
  },
} as const;
