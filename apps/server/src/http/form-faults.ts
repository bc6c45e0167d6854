// What is wrong with a multipart/form-data body, in our own words. The parsers' messages are written
// for programmers ("The needle cannot have a length bigger than 256.") and are never sent to a client.

/** RFC 2046 section 5.1.1: a boundary has 1 to 70 characters. */
export const MAX_BOUNDARY_CHARS = 70

/** The `boundary` parameter of a Content-Type, unquoted; undefined when there is none. */
export function boundaryOf(contentType: string): string | undefined {
  const match = /;\s*boundary\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))/i.exec(contentType)
  if (!match) return undefined
  return match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : match[2]
}

/**
 * Why a multipart Content-Type cannot frame a form (no boundary, an empty one, or one over 70
 * characters), or undefined when it can.
 */
export function boundaryProblem(contentType: string): string | undefined {
  const boundary = boundaryOf(contentType)
  if (boundary === undefined) return 'its Content-Type has no boundary parameter'
  if (boundary === '') return 'its boundary is empty'
  if (boundary.length > MAX_BOUNDARY_CHARS) {
    return `its boundary has ${boundary.length} characters, but at most ${MAX_BOUNDARY_CHARS} are allowed (RFC 2046)`
  }
  return undefined
}

/** Faults of the form's bytes the multipart parser reports, by the start of its message. */
const PARSER_FAULTS: readonly [RegExp, string][] = [
  [/^Unexpected end of multipart data/, 'the body ends before the closing boundary'],
  [/terminated early due to unexpected end/, 'the body ends inside a part'],
  [/^Multipart: Boundary not found/, 'its Content-Type has no boundary parameter'],
  [/^The needle/, 'its boundary is empty or too long'],
]

/** Faults @fastify/multipart reports, by code. */
const PLUGIN_FAULTS: Readonly<Record<string, string>> = {
  FST_PROTO_VIOLATION: 'a part is named "__proto__" or after another reserved property',
  FST_INVALID_JSON_FIELD_ERROR: 'a part sent as application/json does not hold valid JSON',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'the body is not multipart/form-data',
}

/**
 * Why the multipart parser gave up on a body, as a phrase to follow "The upload is not valid
 * multipart/form-data: ". A fault we do not know is described generally rather than quoted.
 */
export function describeFormFault(err: unknown): string {
  const code = (err as { code?: unknown }).code
  if (typeof code === 'string' && PLUGIN_FAULTS[code]) return PLUGIN_FAULTS[code]
  const message = err instanceof Error ? err.message : ''
  const known = PARSER_FAULTS.find(([pattern]) => pattern.test(message))
  return known ? known[1] : 'its parts cannot be read'
}
