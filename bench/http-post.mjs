// POST of JSON over a keep-alive agent, for the benchmarks that drive a route from many clients
// (bench/tree-registrations.ts, bench/sign-ins.mjs): node:http costs the load generator less CPU
// per request than fetch.
import http from 'node:http';

/** POSTs JSON over `agent` and reads the whole answer; resolves to the status code. */
export function postJson(agent, url, body) {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}
