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
    list: {
      total: '{{total}} in total',
      totalCapped: '{{cap}}+ in total',
      cappedExplained:
        'More than {{cap}} match. Counting stops there to keep the list fast; narrow the filters for an exact number.',
      columns: 'Columns',
      selected: '{{count}} selected',
      clearSelection: 'Clear selection',
      search: 'Search',
      reset: 'Reset',
      noMatch: 'Nothing matches these filters.',
      clearFilters: 'Clear filters',
    },
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
    list: {
      total: '共 {{total}} 条',
      totalCapped: '共 {{cap}}+ 条',
      cappedExplained:
        '符合条件的超过 {{cap}} 条。为保证列表速度，计数到此为止；缩小筛选范围可看到准确数量。',
      columns: '列设置',
      selected: '已选 {{count}} 项',
      clearSelection: '取消选择',
      search: '查询',
      reset: '重置',
      noMatch: '没有符合筛选条件的数据。',
      clearFilters: '清除筛选',
    },
  },
};
