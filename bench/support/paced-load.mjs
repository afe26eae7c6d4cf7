// An open-loop HTTP load at a steady offered rate: request i goes out at start + i / rate seconds,
// whether or not the earlier ones were answered, over keep-alive sockets (at most `sockets`), and
// its latency counts from when it was due to go out, so a request the client could not send on time
// (every socket busy) counts its wait too. autocannon's overallRate is no such load: each connection
// sends its share of a second's requests back to back when the second begins, so the server sees a
// burst every second. Results in autocannon's shape, for the fields the serve suite reads, and
// sendLagP99: how late this process got the requests out (the event loop's timer lag), which the
// latencies include.
import http from 'node:http';
import { percentile } from './store-fixture.mjs';

const REQUEST_TIMEOUT_MS = 10_000;

export async function pacedLoad({ url, paths, rate, seconds, sockets, verifyBody }) {
  // fifo: every socket in turn, so none idles past the server's keep-alive timeout and is closed
  // under a request (lifo leaves the bottom ones idle)
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets, scheduling: 'fifo' });
  const count = Math.max(1, Math.round(rate * seconds));
  const latencies = [];
  const tally = { errors: 0, timeouts: 0, non2xx: 0, mismatches: 0, bytes: 0 };
  const start = performance.now();
  const answered = [];
  /** How late each request left this process: a busy machine can hold the load generator back too. */
  const lags = [];
  for (let i = 0; i < count; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((done) => setTimeout(done, wait));
    lags.push(performance.now() - due);
    answered.push(send(agent, url + paths[i % paths.length], due, latencies, tally, verifyBody));
  }
  await Promise.all(answered);
  const duration = (performance.now() - start) / 1000;
  agent.destroy();
  const at = (q) => Math.round(percentile(latencies, q) * 10) / 10;
  return {
    duration,
    requests: { total: latencies.length },
    latency: {
      p50: at(0.5),
      p90: at(0.9),
      p99: at(0.99),
      max: Math.round(Math.max(0, ...latencies) * 10) / 10,
    },
    sendLagP99: Math.round(percentile(lags, 0.99) * 10) / 10,
    errors: tally.errors,
    timeouts: tally.timeouts,
    non2xx: tally.non2xx,
    mismatches: tally.mismatches,
    throughput: { total: tally.bytes },
  };
}

function send(agent, target, due, latencies, tally, verifyBody) {
  return new Promise((done) => {
    const request = http.get(target, { agent, timeout: REQUEST_TIMEOUT_MS }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (text) => {
        body += text;
      });
      response.on('end', () => {
        latencies.push(performance.now() - due);
        tally.bytes += Buffer.byteLength(body);
        if (response.statusCode < 200 || response.statusCode > 299) tally.non2xx++;
        else if (!verifyBody(body)) tally.mismatches++;
        done();
      });
      response.on('error', () => {
        tally.errors++;
        done();
      });
    });
    let timedOut = false;
    request.on('timeout', () => {
      timedOut = true;
      tally.timeouts++;
      request.destroy();
    });
    request.on('error', () => {
      if (!timedOut) tally.errors++;
      done();
    });
  });
}
