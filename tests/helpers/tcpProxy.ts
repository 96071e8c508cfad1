import net from 'node:net';

/**
 * A TCP proxy for fault tests: it stands between the app and a server (PostgreSQL, say) and does to the connections
 * what a bad network or a failing server does: cuts them all, falls silent (the connections stay up and not a byte
 * passes, either way, until it resumes), or refuses new ones. Point the app at `urlThrough(serverUrl)`.
 */
export interface TcpProxy {
  readonly port: number;
  /** `url` with its host and port replaced by the proxy's. */
  urlThrough(url: string): string;
  /** Connections open through the proxy now. */
  readonly connections: number;
  /** How many connections were ever made through it. */
  readonly accepted: number;
  /** Cuts every open connection: the client's side is reset, the server's side closed. New ones still pass. Answers how many. */
  killAll(): number;
  /**
   * Stops forwarding: open connections stay up, new ones are accepted, and nothing passes (bytes nor closes) until
   * resume(), when what was held goes through, as after a network partition heals.
   */
  silence(): void;
  /** New connections are refused (ECONNREFUSED) until resume(); open ones go on. */
  refuse(): Promise<void>;
  /** Forwards and accepts again. */
  resume(): Promise<void>;
  close(): Promise<void>;
}

/** One connection through the proxy: the client's socket and the server's. */
interface Pair {
  client: net.Socket;
  server: net.Socket;
  /** What arrived while silent, per direction, in order; `null` marks the sender's end. */
  heldForServer: (Buffer | null)[];
  heldForClient: (Buffer | null)[];
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<Pair>();
  let silent = false;
  let accepted = 0;
  let listener: net.Server | null = null;
  let port = 0;

  function pass(chunk: Buffer | null, to: net.Socket, held: (Buffer | null)[]) {
    if (silent) return held.push(chunk);
    if (chunk === null) to.end();
    else to.write(chunk);
  }

  function cut(pair: Pair) {
    pairs.delete(pair);
    if (!pair.client.destroyed) pair.client.resetAndDestroy();
    pair.server.destroy();
  }

  function onConnection(client: net.Socket) {
    accepted++;
    const server = net.connect(target.port, target.host);
    const pair: Pair = { client, server, heldForServer: [], heldForClient: [] };
    pairs.add(pair);
    for (const socket of [client, server]) {
      // A reset is what the faults are for: it must not end the test process.
      socket.on('error', () => cut(pair));
      socket.on('close', () => {
        if (!silent) cut(pair);
      });
    }
    client.on('data', (chunk) => pass(chunk, server, pair.heldForServer));
    server.on('data', (chunk) => pass(chunk, client, pair.heldForClient));
    client.on('end', () => pass(null, server, pair.heldForServer));
    server.on('end', () => pass(null, client, pair.heldForClient));
  }

  function listen(): Promise<void> {
    return new Promise((resolve, reject) => {
      const next = net.createServer({ allowHalfOpen: true }, onConnection);
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        port = (next.address() as net.AddressInfo).port;
        listener = next;
        resolve();
      });
    });
  }

  function stopListening() {
    listener?.close();
    listener = null;
  }

  await listen();

  return {
    get port() {
      return port;
    },
    urlThrough(url) {
      const through = new URL(url);
      through.hostname = '127.0.0.1';
      through.port = String(port);
      return through.toString();
    },
    get connections() {
      return pairs.size;
    },
    get accepted() {
      return accepted;
    },
    killAll() {
      const open = [...pairs];
      for (const pair of open) cut(pair);
      return open.length;
    },
    silence() {
      silent = true;
    },
    async refuse() {
      stopListening();
    },
    async resume() {
      silent = false;
      for (const pair of [...pairs]) {
        for (const chunk of pair.heldForServer.splice(0)) pass(chunk, pair.server, pair.heldForServer);
        for (const chunk of pair.heldForClient.splice(0)) pass(chunk, pair.client, pair.heldForClient);
        if (pair.client.destroyed || pair.server.destroyed) cut(pair);
      }
      if (!listener) await listen();
    },
    async close() {
      stopListening();
      for (const pair of [...pairs]) cut(pair);
    },
  };
}
