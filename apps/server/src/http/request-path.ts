// The path a request is routed by. Fastify's router matches the percent-decoded path, so a check on the
// raw `request.url` (`/%61pi/roms`) would miss a request the router then runs as `/api/roms`.

/** The request's path without its query, percent-decoded (as it is when it cannot be decoded). */
export function routedPath(url: string): string {
  const raw = url.split('?')[0] ?? ''
  try {
    return decodeURIComponent(raw)
  } catch {
    return raw
  }
}
