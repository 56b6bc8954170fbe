// Imported first by benches that host MQTT clients (the simulated gateways, the floor).
// mqtt.js opens its TCP sockets with Nagle's algorithm on, so a gateway's command reply
// waits on the broker's delayed ACK (~40 ms on Linux) — a property of that client, not of
// Hearth, and real gateways' stacks differ. Every client socket this process opens gets
// TCP_NODELAY, as the server's own MQTT client sets for itself (mqtt-transport.ts).
import net from 'node:net';

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
  this.once('connect', () => this.setNoDelay(true));
  return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
} as typeof connect;
