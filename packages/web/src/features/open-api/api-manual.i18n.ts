/**
 * The API manual (`/operation/apiManual`, `/support/apiManual`) and the getting-started guide
 * (`/support/openApi`). The interfaces' own words (summaries, code messages) come from the served
 * document in both languages; the machine's words (paths, headers, scopes) stay as they are.
 */
export const apiManual = {
  en: {
    title: 'API manual',
    intro:
      'Every interface of the open API under {{prefix}}, read from {{document}}: what it takes, what it answers and the codes it may answer.',
    search: 'Search interfaces, paths, scopes or codes',
    count_one: '{{count}} interface',
    count_other: '{{count}} interfaces',
    none: 'No interface matches',
    loadFailed: 'The API reference could not be loaded.',
    retry: 'Try again',
    guideLink: 'Getting started',
    adminOnly: 'Administrator clients only',
    idempotent: 'Needs an Idempotency-Key',
    scope: 'Scope',
    noScope: 'none (the client ID and secret)',
    parameters: 'Request parameters',
    requestBody: 'Request body',
    response: 'Response',
    responseHint: 'Every answer is the envelope: the fields below sit under {{data}}.',
    sampleAnswer: 'Sample answer',
    errors: 'Error codes',
    curl: 'Sample (curl)',
    curlHint: 'Set {{token}} to an access token first (see Getting started).',
    columns: {
      name: 'Name',
      in: 'In',
      type: 'Type',
      required: 'Required',
      description: 'Description',
      code: 'Code',
      status: 'HTTP status',
      message: 'Message',
    },
    where: { path: 'path', query: 'query', header: 'header', body: 'body' },
    yes: 'Yes',
    no: 'No',
    guide: {
      title: 'Getting started with the open API',
      intro:
        'The open API lets your own systems read your devices and act on them. It is served under {{prefix}} and speaks {{oauth}} client credentials.',
      step1: {
        title: '1. Create a client',
        text: 'An administrator creates a client on Open API under Operation, choosing its scopes and interfaces. The client ID and the secret key are shown once: keep the secret like a password.',
        link: 'Open the clients page',
      },
      step2: {
        title: '2. Get an access token',
        text: 'Send the client ID and secret to the token call. The answer carries the token, valid for {{minutes}} minutes; ask for a new one when it runs out (code {{expired}}).',
      },
      step3: {
        title: '3. Make the first call',
        text: 'Send the token in the {{header}} header. Every answer is the envelope {{envelope}}; {{success}} is success.',
      },
      step4: {
        title: '4. Limits',
        text: 'Each client may make {{perSecond}} calls a second (bursts up to {{burst}}). Every answer says how many are left in {{headers}}. Past the limit the answer is HTTP {{status}} with code {{code}}: wait the seconds that {{retryAfter}} gives, then try again.',
      },
      step5: {
        title: '5. Changes and the Idempotency-Key',
        text: 'A call that changes something needs an {{header}} header of your choosing. Sent again with the same key within {{hours}} hours, the first answer is replayed (marked {{replayed}}) and nothing runs twice; the same key with another request is refused ({{reused}}).',
      },
      step6: {
        title: '6. Errors',
        text: 'A refusal has an honest HTTP status and a code with its message in the language of the {{language}} header. The codes every interface may answer:',
        manual: 'Every interface and its codes are in the API manual.',
      },
    },
  },
  cn: {
    title: 'API手册',
    intro:
      '开放API（{{prefix}}）的全部接口，读取自{{document}}：每个接口的请求参数、返回内容和可能返回的错误码。',
    search: '搜索接口、路径、权限范围或错误码',
    count_one: '{{count}}个接口',
    count_other: '{{count}}个接口',
    none: '没有匹配的接口',
    loadFailed: 'API参考文档加载失败。',
    retry: '重试',
    guideLink: '入门指南',
    adminOnly: '仅限管理员客户端',
    idempotent: '需要幂等键',
    scope: '权限范围',
    noScope: '无（使用客户端ID和密钥）',
    parameters: '请求参数',
    requestBody: '请求体',
    response: '返回',
    responseHint: '每个返回都是统一的信封结构：以下字段位于{{data}}中。',
    sampleAnswer: '返回示例',
    errors: '错误码',
    curl: '示例（curl）',
    curlHint: '先把访问令牌设置到{{token}}变量中（见入门指南）。',
    columns: {
      name: '名称',
      in: '位置',
      type: '类型',
      required: '必填',
      description: '说明',
      code: '错误码',
      status: 'HTTP状态码',
      message: '信息',
    },
    where: { path: '路径', query: '查询参数', header: '请求头', body: '请求体' },
    yes: '是',
    no: '否',
    guide: {
      title: '开放API入门',
      intro: '开放API让您自己的系统读取并操作您的设备。它位于{{prefix}}之下，使用{{oauth}}客户端凭据模式。',
      step1: {
        title: '1. 创建客户端',
        text: '管理员在“运营”下的“开放API”页面创建客户端，选择其权限范围和接口。客户端ID和密钥只显示一次：请像保管密码一样保管密钥。',
        link: '打开客户端页面',
      },
      step2: {
        title: '2. 获取访问令牌',
        text: '把客户端ID和密钥发送到令牌接口。返回中包含令牌，有效期{{minutes}}分钟；过期后（错误码{{expired}}）请重新获取。',
      },
      step3: {
        title: '3. 第一次调用',
        text: '在{{header}}请求头中携带令牌。每个返回都是信封结构{{envelope}}；{{success}}表示成功。',
      },
      step4: {
        title: '4. 调用限制',
        text: '每个客户端每秒最多调用{{perSecond}}次（突发最多{{burst}}次）。每个返回都在{{headers}}中说明剩余次数。超过限制时返回 HTTP {{status}} 和错误码{{code}}：请等待{{retryAfter}}给出的秒数后重试。',
      },
      step5: {
        title: '5. 修改类接口与幂等键',
        text: '修改类接口需要您自定义的{{header}}请求头。{{hours}}小时内用同一个键重发时，会重放第一次的返回（标记{{replayed}}），不会重复执行；同一个键用于另一个请求会被拒绝（{{reused}}）。',
      },
      step6: {
        title: '6. 错误',
        text: '被拒绝的调用返回真实的HTTP状态码和错误码，信息的语言由{{language}}请求头决定。每个接口都可能返回的错误码：',
        manual: '全部接口及其错误码见API手册。',
      },
    },
  },
};
