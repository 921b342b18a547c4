import type { DeviceLogin } from '@fleetport/contract';

/**
 * `badCredentials`: a known device with a wrong secret (CONNACK 4); `notAuthorized`: an unknown SN
 * or an unproven claim (CONNACK 5), as docs/device-protocol.md §3 and §5 say.
 */
export type DeviceAuthResult =
  | { ok: true; login: DeviceLogin; main: boolean }
  | { ok: false; refusal: 'badCredentials' | 'notAuthorized' };

/**
 * The gateway talks to devices through one of two brokers with the same surface: the embedded Aedes
 * broker (messages handled in-process) or an external broker (EMQX, Mosquitto) the server joins as an
 * ordinary client. Everything above this interface is the same code for both.
 */
export interface BrokerAdapter {
  readonly kind: 'embedded' | 'external';
  /** Starts listening or connecting; resolves once messages can flow. */
  start(handlers: BrokerHandlers): Promise<void>;
  /** Publishes to a device (QoS 1). Resolves when the broker has taken the message. */
  publish(topic: string, payload: string): Promise<void>;
  /** Where devices connect (the embedded broker's own port, or the external URL). */
  endpoint(): string;
  close(): Promise<void>;
}

export interface BrokerHandlers {
  /**
   * A device published (wills included). The returned promise resolves once the message is stored:
   * both brokers acknowledge a QoS 1 message only then, so a crash loses nothing acknowledged; a
   * rejection leaves it unacknowledged (the device, or the external broker, sends it again).
   */
  message(topic: string, payload: Buffer): Promise<void>;
  /**
   * The broker saw a device connection open or close (embedded only; on an external broker the
   * device's presence messages tell). `session` tells one connection of the device from the next.
   */
  sessionOpened?(login: DeviceLogin, session: string): void;
  /** Closing of a connection `sessionOpened` reported. Only main connections (client id = SN) are reported. */
  sessionClosed?(login: DeviceLogin, session: string): void;
  /**
   * A main connection's subscription to its command topic is in place (embedded only): a command
   * published from now on reaches the device. A device may say hello before the broker has done
   * its SUBSCRIBE (both in one TCP read are handled side by side), so this may come after the hello.
   */
  commandsSubscribed?(login: DeviceLogin, session: string): void;
}

/** Decides who may connect, publish and subscribe; shared by the embedded broker and the HTTP hook. */
export interface DeviceGatekeeper {
  /** The login when the credentials are good, otherwise why not. */
  authenticate(
    username: string | undefined,
    password: string | undefined,
    clientId: string,
  ): Promise<DeviceAuthResult>;
  mayPublish(login: DeviceLogin, topic: string): boolean;
  maySubscribe(login: DeviceLogin, filter: string): boolean;
}
