import { type RemoteAction, remoteActionStatesCall } from '@fleetport/contract';
import { apiCall } from '../../api/client.ts';

const FOLLOW_MS = 1000;
const FOLLOW_TIMES = 60;

/**
 * The device's answer to a call the server answers once the device has (serial port, timer list):
 * followed here only when it came later than the server waited.
 */
export async function settled(action: RemoteAction): Promise<RemoteAction> {
  let current = action;
  for (let i = 0; current.state === 'inExecution' && i < FOLLOW_TIMES; i++) {
    await new Promise((resolve) => setTimeout(resolve, FOLLOW_MS));
    const [row] = await apiCall(remoteActionStatesCall, { rpcIds: [current.rpcId] }, { silent: true });
    if (row) current = row;
  }
  return current;
}
