/**
 * Device notifications (robustlink/noti) and the device details "logs" tab (its columns are the activity log's).
 * Kind and severity names come from the contract's labels, so they are not repeated here.
 */
export const deviceNotifications = {
  en: {
    title: 'Notifications',
    unread: '{{count}} unread',
    empty: 'No notifications match. Devices going offline, alerts and update results appear here.',
    field: {
      at: 'Time',
      sn: 'SN',
      device: 'Device',
      kind: 'Type',
      severity: 'Severity',
      content: 'Content',
      state: 'State',
    },
    read: 'Read',
    unreadState: 'Unread',
    searchSn: 'Search SN',
    search: 'Search',
    reset: 'Reset',
    markRead: 'Mark read',
    markSelectedRead: 'Mark selected read ({{count}})',
    markAllRead: 'Mark all read',
    markedAll: 'All notifications are marked read.',
    marked: '{{count}} marked read.',
    total: '{{total}} in total',
    group: {
      title: '{{count}} devices',
      show: 'Show {{count}} devices',
      more: 'and {{count}} more',
    },
    logs: {
      tab: 'Logs',
      empty: 'Nobody has acted on this device yet.',
    },
  },
  cn: {
    title: '通知',
    unread: '{{count}} 条未读',
    empty: '没有匹配的通知。设备离线、告警和升级结果会显示在这里。',
    field: {
      at: '时间',
      sn: '序列号',
      device: '设备',
      kind: '类型',
      severity: '级别',
      content: '内容',
      state: '状态',
    },
    read: '已读',
    unreadState: '未读',
    searchSn: '搜索序列号',
    search: '搜索',
    reset: '重置',
    markRead: '标记已读',
    markSelectedRead: '所选标记已读（{{count}}）',
    markAllRead: '全部标记已读',
    markedAll: '所有通知已标记为已读。',
    marked: '已将 {{count}} 条标记为已读。',
    total: '共 {{total}} 条',
    group: {
      title: '{{count}} 台设备',
      show: '查看 {{count}} 台设备',
      more: '另有 {{count}} 台',
    },
    logs: {
      tab: '日志',
      empty: '还没有人对这台设备进行操作。',
    },
  },
} as const;
