import { entry } from './define.ts';

/**
 * The codes the console raises itself when no answer arrives (core §8: a generic request error, and
 * a time-out asking to check the network). The console's first load carries these two messages, so a
 * failure before the rest of the catalogue arrives still reads well.
 */
export const TRANSPORT_ERRORS = [
  entry(-1, 'Request error, please try again later', '请求错误，请稍后重试'),
  entry(404, 'The network is slow, please check the network', '网络较慢，请检查网络'),
] as const;
