/** Texts of the shared widgets (core §2 "Shared widgets"). Keys namespaced `widgets.*`. */
export const widgets = {
  en: {
    empty: 'No data',
    fullScreen: 'Full screen',
    exitFullScreen: 'Exit full screen',
    moreActions: 'More actions',
    chart: {
      hide: 'Hide',
      edit: 'Edit',
      delete: 'Delete',
      deleteConfirm: 'Delete the chart "{{title}}"?',
      loading: 'Loading chart…',
    },
    table: { index: 'No.', emptyCell: '- -' },
  },
  cn: {
    empty: '暂无数据',
    fullScreen: '全屏',
    exitFullScreen: '退出全屏',
    moreActions: '更多操作',
    chart: {
      hide: '隐藏',
      edit: '编辑',
      delete: '删除',
      deleteConfirm: '确定删除图表“{{title}}”吗？',
      loading: '图表加载中…',
    },
    table: { index: '序号', emptyCell: '- -' },
  },
};
