import { createServer } from 'node:net';

/**
 * Whether a port of the loopback interface can be listened on now: tries and lets go at once. The
 * emulators and the sandbox report a taken port each their own way; asking the port after a failed
 * start gives one answer for all of them.
 * @throws the listen error when it is neither "in use" nor "not allowed"
 */
export function probePort(port: number, host = '127.0.0.1'): Promise<'free' | 'in-use' | 'not-allowed'> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') resolve('in-use');
      else if (error.code === 'EACCES') resolve('not-allowed');
      else reject(error);
    });
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve('free')));
  });
}
