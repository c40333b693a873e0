// Where a replica listens: HOST:PORT (loopback by default), or a Unix socket when SOCKET_PATH is set (the
// Debian recipe in docs/deploy.md: nginx on the same host, nobody else able to connect).
import fs from 'node:fs';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/** Whether something listens on the socket file (a live replica), or it is left over from a crash. */
function socketInUse(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(socketPath);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

/** Listens as configured; a port or socket already in use is a clear error. Returns where, for the log. */
export async function listen(app: FastifyInstance, config: Config): Promise<string> {
  const { socketPath } = config;
  if (socketPath) {
    // A replica killed (SIGKILL, power loss) leaves its socket file: listening would fail with EADDRINUSE.
    if (fs.existsSync(socketPath)) {
      if (await socketInUse(socketPath))
        throw new Error(
          `socket ${socketPath} is in use by another process: stop it or set SOCKET_PATH`,
        );
      fs.rmSync(socketPath, { force: true });
    }
    await app.listen({ path: socketPath });
    // Owner and group only: the group is nginx's (docs/deploy.md), everyone else is refused by the kernel.
    fs.chmodSync(socketPath, 0o660);
    return `unix:${socketPath}`;
  }
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new Error(`port ${config.port} is already in use: stop the other process or set PORT`, {
        cause: err,
      });
    }
    throw err;
  }
  const { port } = app.server.address() as net.AddressInfo;
  const host = ['0.0.0.0', '::', '127.0.0.1'].includes(config.host) ? 'localhost' : config.host;
  return `http://${host}:${port}`;
}

/**
 * The first step of a drain on a Unix socket: its file goes, so nginx's next connect fails at once (ENOENT:
 * nothing sent, a POST moves on to the other replica too), while connections already queued are still
 * accepted and answered. Closing the listener instead resets the queued ones, which nginx has already sent a
 * request on (seen in `pnpm test:deploy`: "Connection reset by peer" on a POST, a failed request).
 */
export function withdrawSocket(config: Config): void {
  if (config.socketPath) fs.rmSync(config.socketPath, { force: true });
}
