import { listAlertRulesCall } from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/client.ts';
import { alertKeys } from './alert-queries.ts';

/**
 * Rules per company are few (at most ALERT_RULES_MAX): one page holds them all. Apart from
 * alert-queries.ts, which the header's badge loads with the console: the rules' schemas load with the
 * alert centre.
 */
export function useAlertRules() {
  return useQuery({
    queryKey: alertKeys.rules,
    queryFn: () => apiCall(listAlertRulesCall, { pageNum: 1, pageSize: 200 }),
  });
}
