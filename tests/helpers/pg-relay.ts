// A TCP relay in front of PostgreSQL that can slow the server's answers down, or hold back the
// answer to a COMMIT that follows an INSERT INTO feedback (the commit happens; the service never
// hears of it), to test what the service does when the database is slow or goes quiet mid-commit.
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface Relay {
  /** The target URL with the relay's host and port. */
  url: string;
  /** Every answer from the server arrives this much later (0: at once). */
  delayMs: number;
  /** Hold back the answer to the next COMMIT after an INSERT INTO feedback, on any connection. */
  holdNextCommit(): void;
  /** Resolves once a COMMIT's answer has been held back. */
  held: Promise<void>;
  close(): Promise<void>;
}

const COMMIT = Buffer.from('COMMIT\0');
const INSERT = Buffer.from('INSERT INTO feedback (id');

export async function pgRelay(target: string): Promise<Relay> {
  const url = new URL(target);
  const sockets = new Set<Socket>();
  let armed = false;
  let markHeld: () => void = () => undefined;
  const relay: Relay = {
    url: '',
    delayMs: 0,
    holdNextCommit() {
      armed = true;
      relay.held = new Promise((resolve) => (markHeld = resolve));
    },
    held: Promise.resolve(),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server: Server = createServer((client) => {
    const upstream = connect(Number(url.port || 5432), url.hostname);
    sockets.add(client).add(upstream);
    let inserted = false;
    let holding = false;
    client.on('data', (chunk: Buffer) => {
      if (chunk.includes(INSERT)) inserted = true;
      if (chunk.includes(COMMIT)) {
        if (armed && inserted) {
          armed = false;
          holding = true;
          markHeld();
        }
        inserted = false;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (holding) return; // the answer never reaches the service
      if (relay.delayMs) setTimeout(() => client.writable && client.write(chunk), relay.delayMs);
      else client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', () => setTimeout(end, relay.delayMs));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  const relayed = new URL(target);
  relayed.hostname = '127.0.0.1';
  relayed.port = String(address.port);
  relay.url = relayed.toString();
  return relay;
}
