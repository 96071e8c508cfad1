import net from 'node:net';

/**
 * A TCP proxy between the app and PostgreSQL that can do to the connections what networks and servers do: cut
 * them all (a restart, a failover, a pooler's idle timeout), go silent (a partition: TCP up, no bytes either way),
 * and refuse new ones (a server that is down).
 */
export type ProxyMode = 'pass' | 'silent' | 'refuse';

export interface TcpProxy {
  port: number;
  /** `postgres://…` of the target, with this proxy's host and port in its place. */
  url(targetUrl: string): string;
  mode(): ProxyMode;
  /** Forward again; connections held while silent forward what they buffered. */
  pass(): void;
  /** Stop forwarding bytes in both directions, on open connections and on new ones (which are accepted). */
  silence(): void;
  /** Reset new connections at once (open ones go on until cut). */
  refuse(): void;
  /** Reset every open connection, both ends. Answers how many were cut. */
  cutAll(): number;
  /** Connections open now. */
  open(): number;
  close(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  server: net.Socket;
  /** Bytes held while silent, per direction. */
  held: { up: Buffer[]; down: Buffer[] };
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: ProxyMode = 'pass';
  const pairs = new Set<Pair>();

  const cut = (pair: Pair) => {
    pairs.delete(pair);
    pair.client.resetAndDestroy();
    pair.server.resetAndDestroy();
  };

  const listener = net.createServer((client) => {
    if (mode === 'refuse') {
      client.resetAndDestroy();
      return;
    }
    const server = net.connect(target.port, target.host);
    const pair: Pair = { client, server, held: { up: [], down: [] } };
    pairs.add(pair);
    const relay = (from: net.Socket, to: net.Socket, held: Buffer[]) => {
      from.on('data', (chunk) => {
        if (mode === 'silent') held.push(chunk);
        else to.write(chunk);
      });
    };
    relay(client, server, pair.held.up);
    relay(server, client, pair.held.down);
    const end = () => {
      if (!pairs.has(pair)) return;
      pairs.delete(pair);
      client.destroy();
      server.destroy();
    };
    for (const socket of [client, server]) {
      socket.on('error', end);
      socket.on('close', end);
    }
  });

  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const { port } = listener.address() as net.AddressInfo;

  return {
    port,
    url(targetUrl) {
      const url = new URL(targetUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    mode: () => mode,
    pass() {
      mode = 'pass';
      for (const pair of pairs) {
        for (const chunk of pair.held.up.splice(0)) pair.server.write(chunk);
        for (const chunk of pair.held.down.splice(0)) pair.client.write(chunk);
      }
    },
    silence() {
      mode = 'silent';
    },
    refuse() {
      mode = 'refuse';
    },
    cutAll() {
      const count = pairs.size;
      for (const pair of [...pairs]) cut(pair);
      return count;
    },
    open: () => pairs.size,
    async close() {
      for (const pair of [...pairs]) cut(pair);
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    },
  };
}
