import { createServer } from 'node:net';

/** Whether a port on the loopback interface can be listened on right now. */
export type PortState = 'free' | 'in-use' | 'not-allowed';

/** The interface every part of the local stack listens on. */
export const LOOPBACK_HOST = '127.0.0.1';

/**
 * Tries to listen on `port` and lets go at once. The emulators and the sandbox report a taken port each
 * in their own way (an error code, a message, or a server that is simply not listening); asking the
 * port itself after a failed start gives one answer for all of them.
 * @throws the listen error when it is neither "in use" nor "not allowed"
 */
export function probePort(port: number, host: string = LOOPBACK_HOST): Promise<PortState> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') resolve('in-use');
      else if (error.code === 'EACCES') resolve('not-allowed');
      else reject(error);
    });
    server.listen({ port, host, exclusive: true }, () => {
      server.close(() => resolve('free'));
    });
  });
}
