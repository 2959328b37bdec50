/** The benchmark's HTTP client: keep-alive requests to the server under test (cheaper than fetch). */
import http from 'node:http';

export const HTTP_PORT = 3271;
export const base = `http://127.0.0.1:${HTTP_PORT}`;
const API = `${base}/api/v1`;
const agent = new http.Agent({ keepAlive: true });

/** Lets the process end: the keep-alive sockets close. */
export const closeClient = () => agent.destroy();

export async function call<T>(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const r = await request(method, url, body, headers, true);
  return { status: r.status, body: (r.text ? JSON.parse(r.text) : null) as T };
}

export async function status(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return (await request(method, url, body, headers, false)).status;
}

/** One request over the keep-alive agent (cheaper for the load generator than fetch). */
function request(method: string, url: string, body: unknown, headers: Record<string, string>, keep: boolean) {
  const data = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(
      `${API}${url}`,
      {
        method,
        agent,
        headers: {
          ...headers,
          ...(data === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        if (keep) res.on('data', (c: Buffer) => chunks.push(c));
        else res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}
