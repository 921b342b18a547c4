import {
  type CodePurpose,
  checkCellphoneCall,
  isEmail,
  normalizePhone,
  sendCodeCall,
  sendEmailCodeCall,
} from '@fleetport/contract';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { useEffect, useState } from 'react';
import { apiCall } from '../../api/client.ts';

/** Seconds before another code may be asked for. */
export const CODE_COOLDOWN_SECONDS = 60;

/** The `sign` of sendCode: hex SHA-256 of "<cellphone>.<src>.<time>" (docs/api.md). */
export function phoneCodeSign(cellphone: string, src: CodePurpose, time: number): string {
  return bytesToHex(sha256(utf8ToBytes(`${cellphone}.${src}.${time}`)));
}

/** Sends a code to an e-mail address, or checks the phone and texts one to it. */
export async function sendVerificationCode(account: string, src: CodePurpose): Promise<void> {
  const value = account.trim();
  if (isEmail(value)) {
    await apiCall(sendEmailCodeCall, { email: value });
    return;
  }
  const cellphone = normalizePhone(value);
  await apiCall(checkCellphoneCall, { cellphone, src });
  const time = Date.now();
  await apiCall(sendCodeCall, { cellphone, time, src, sign: phoneCodeSign(cellphone, src, time) });
}

/** A count down from `seconds` to 0, one step a second; `start` begins it again. */
export function useCountdown(): { remaining: number; start: (seconds: number) => void } {
  const [remaining, setRemaining] = useState(0);
  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setRemaining((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);
  return { remaining, start: setRemaining };
}
