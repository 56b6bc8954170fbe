/** How the server reaches gateways: the embedded broker directly, or an external broker as a client. */
export interface GatewayTransport {
  /** Subscribes to the server's topics; each message arrives with its topic and raw payload. */
  start(onMessage: (topic: string, payload: Buffer) => void): Promise<void>;
  publish(topic: string, payload: string, opts: { qos: 0 | 1; retain: boolean }): Promise<void>;
  close(): Promise<void>;
  /** Whether messages can reach gateways now (always, for the embedded broker). */
  connected(): boolean;
}
