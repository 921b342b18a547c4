/** Texts of the Super Admin pages' list widget (widgets/admin-list.tsx). */
export const adminList = {
  en: {
    actions: 'Actions',
    remove: 'Remove',
    removed: 'Removed',
    empty: 'Nothing here yet',
  },
  cn: {
    actions: '操作',
    remove: '删除',
    removed: '已删除',
    empty: '暂无内容',
  },
};
