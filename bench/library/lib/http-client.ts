// A tiny keep-alive HTTP client on node:http, so measurements do not include a library's own overhead.
import http from 'node:http'

export interface Response {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
  /** Wall time from request start to last body byte, in milliseconds. */
  ms: number
}

export interface RequestOptions {
  method?: string
  headers?: Record<string, string>
  body?: Buffer
}

export function createClient(baseUrl: string, maxSockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets })
  const base = new URL(baseUrl)
  function request(path: string, opts: RequestOptions = {}): Promise<Response> {
    const started = performance.now()
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          agent,
          host: base.hostname,
          port: base.port,
          path,
          method: opts.method ?? 'GET',
          headers: {
            ...(opts.body ? { 'content-length': String(opts.body.length) } : {}),
            ...opts.headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks),
              ms: performance.now() - started,
            }),
          )
          res.on('error', reject)
        },
      )
      req.on('error', reject)
      req.end(opts.body)
    })
  }
  return { request, close: () => agent.destroy() }
}
