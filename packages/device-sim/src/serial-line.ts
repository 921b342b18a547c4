import type { RpcParams } from '@fleetport/contract';

type Settings = Pick<RpcParams<'serialPort'>, 'baudRate' | 'dataBits' | 'parity' | 'stopBits'>;

/**
 * What hangs on a simulated serial port: a small meter that echoes what it receives (as a terminal
 * user expects to see their typing) and answers a line of text, so the console shows a real exchange.
 * Commands: AT, ATI, READ, HELP; anything else is an ERROR.
 */
export class SerialLine {
  /** Bytes the port has received from the meter and not yet handed to a `read`. */
  private received: Buffer[] = [];
  private line = '';
  private readings = 0;

  constructor(
    readonly port: number,
    readonly settings: Settings,
    private readonly sn: string,
  ) {}

  /** Bytes written to the port by the cloud reach the meter. */
  write(bytes: Buffer): void {
    for (const char of bytes.toString('latin1')) {
      if (char === '\r' || char === '\n') {
        this.echo('\r\n');
        const command = this.line.trim();
        this.line = '';
        if (command) this.echo(`${this.answer(command)}\r\n`);
      } else if (char === '\x7f' || char === '\b') {
        if (this.line) {
          this.line = this.line.slice(0, -1);
          this.echo('\b \b');
        }
      } else {
        this.line += char;
        this.echo(char);
      }
    }
  }

  /** Everything received since the last read. */
  read(): Buffer {
    return Buffer.concat(this.received.splice(0));
  }

  /** How long the bytes take on the wire: start bit, data bits, parity, stop bits per byte. */
  wireMs(bytes: number): number {
    const { baudRate, dataBits, parity, stopBits } = this.settings;
    const bitsPerByte = 1 + dataBits + (parity === 'none' ? 0 : 1) + stopBits;
    return (bytes * bitsPerByte * 1000) / baudRate;
  }

  private echo(text: string): void {
    this.received.push(Buffer.from(text, 'latin1'));
  }

  private answer(command: string): string {
    const { baudRate, dataBits, parity, stopBits } = this.settings;
    switch (command.toUpperCase()) {
      case 'AT':
        return 'OK';
      case 'ATI':
        return `FP-METER ${this.sn} COM${this.port} ${baudRate} ${dataBits}${parity[0]?.toUpperCase()}${stopBits}`;
      case 'READ': {
        this.readings += 1;
        const flow = (12 + Math.sin(this.readings) * 1.5).toFixed(2);
        return `FLOW=${flow} m3/h TOTAL=${(1520.4 + this.readings * 0.2).toFixed(1)} m3 TEMP=21.5 C`;
      }
      case 'HELP':
        return 'AT | ATI | READ | HELP';
      default:
        return `ERROR unknown command "${command}", try HELP`;
    }
  }
}
