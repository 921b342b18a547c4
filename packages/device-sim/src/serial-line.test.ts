import { describe, expect, it } from 'vitest';
import { SerialLine } from './serial-line.ts';

const line = () => new SerialLine(1, { baudRate: 9600, dataBits: 8, parity: 'none', stopBits: 1 }, 'SIM0001');
const send = (l: SerialLine, text: string) => {
  l.write(Buffer.from(text, 'latin1'));
  return l.read().toString('latin1');
};

describe('the meter on a simulated serial port', () => {
  it('echoes what it receives and answers a line', () => {
    const l = line();
    expect(send(l, 'AT')).toBe('AT');
    expect(send(l, '\r')).toBe('\r\nOK\r\n');
    expect(send(l, 'ati\n')).toBe('ati\r\nFP-METER SIM0001 COM1 9600 8N1\r\n');
    expect(send(l, 'nope\r')).toBe('nope\r\nERROR unknown command "nope", try HELP\r\n');
    expect(l.read().length).toBe(0);
  });

  it('takes a backspace back and answers a reading', () => {
    const l = line();
    const answer = send(l, 'REAX\x7fD\r');
    // The meter rubs the X out on the screen (backspace, space, backspace), then answers READ.
    expect(answer.startsWith('REAX\b \bD\r\n')).toBe(true);
    expect(answer.slice(10)).toMatch(/^FLOW=\d+\.\d\d m3\/h TOTAL=[\d.]+ m3 TEMP=21\.5 C\r\n$/);
  });

  it('takes as long on the wire as the line settings say', () => {
    expect(line().wireMs(960)).toBe(1000);
    const slow = new SerialLine(2, { baudRate: 1200, dataBits: 7, parity: 'even', stopBits: 2 }, 'SIM0001');
    expect(slow.wireMs(120)).toBe(1100);
  });
});
