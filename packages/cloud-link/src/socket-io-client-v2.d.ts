// socket.io-client 2.x ships no types; this is the part the cloud link (and the server's tests) use.
declare module 'socket.io-client-v2' {
  interface V2Socket {
    on(event: string, listener: (...args: unknown[]) => void): V2Socket;
    once(event: string, listener: (...args: unknown[]) => void): V2Socket;
    emit(event: string, ...args: unknown[]): V2Socket;
    close(): V2Socket;
  }
  function io(
    uri: string,
    opts?: {
      path?: string;
      query?: Record<string, string>;
      transports?: string[];
      forceNew?: boolean;
      reconnection?: boolean;
    },
  ): V2Socket;
  export default io;
}
