/** Company list, selection and switching (core §3 "Company list item"). */
export const company = {
  en: {
    select: {
      title: 'Select a company',
      subtitle: 'Your account belongs to these companies. Choose the one to work in.',
      search: 'Search by company name',
      enter: 'Enter',
      defaultAccount: 'Default',
      empty: 'No company matches your search.',
      signedOut: 'Sign in to see your companies.',
      toLogin: 'Go to sign-in',
      total: '{{total}} companies',
    },
    switch: {
      label: 'Switch company',
      all: 'All companies…',
      switched: 'You are now working in {{name}}.',
    },
    types: { '0': 'End customer', '1': 'Distributor', '2': 'Re-seller' },
  },
  cn: {
    select: {
      title: '选择公司',
      subtitle: '您的账号属于以下公司，请选择要进入的公司。',
      search: '按公司名称搜索',
      enter: '进入',
      defaultAccount: '默认',
      empty: '没有与搜索匹配的公司。',
      signedOut: '登录后即可查看您的公司。',
      toLogin: '前往登录',
      total: '共{{total}}家公司',
    },
    switch: {
      label: '切换公司',
      all: '全部公司…',
      switched: '您已进入{{name}}。',
    },
    types: { '0': '终端客户', '1': '分销商', '2': '经销商' },
  },
};
