import http from 'node:http';

/**
 * A JSON-RPC proxy in front of a dev chain that can stall the payment watcher: in `stalled`
 * mode every call but the head's number fails (the provider is up, the watcher's block reads are
 * refused), in `cut` mode it answers nothing at all.
 */
export function startRpcProxy(target: string) {
  let mode: 'ok' | 'stalled' | 'cut' = 'ok';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      if (mode === 'cut') return void req.socket.destroy();
      if (mode === 'stalled' && !/"method":"eth_(blockNumber|chainId)"/.test(body)) {
        res.writeHead(503).end('stalled');
        return;
      }
      void fetch(target, { method: 'POST', body, headers: { 'content-type': 'application/json' } })
        .then(async (answer) => {
          res.writeHead(answer.status, { 'content-type': 'application/json' });
          res.end(await answer.text());
        })
        .catch(() => res.writeHead(502).end());
    });
  });
  return {
    server,
    set mode(m: typeof mode) {
      mode = m;
    },
  };
}
