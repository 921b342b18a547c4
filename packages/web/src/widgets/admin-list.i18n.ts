/** Texts of the Super Admin pages' list widget (widgets/admin-list.tsx). */
export const adminList = {
  en: {
    actions: 'Actions',
    remove: 'Remove',
    removeConfirm: 'Remove',
    cancel: 'Cancel',
    removed: 'Removed',
    empty: 'Nothing here yet',
  },
  cn: {
    actions: '操作',
    remove: '删除',
    removeConfirm: '删除',
    cancel: '取消',
    removed: '已删除',
    empty: '暂无内容',
  },
};
