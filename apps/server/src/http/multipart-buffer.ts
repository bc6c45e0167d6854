// The part buffer busboy is given for the upload forms (ROMs, save states).

/**
 * Bytes busboy buffers for one form part before it waits for the part to be read (`fileHwm`; its
 * default is 16 KiB). @fastify/busboy 3.2.6 never finishes a form whose skipped part (not
 * `form-data`, or a line break in its name) filled that buffer in the chunk that also ends the form:
 * the request hung until its timeout. Sockets deliver at most 64 KiB a chunk, and a ROM form's parts
 * besides the file are stopped after 64 KiB, so 256 KiB is not filled that way. It must stay under the
 * gap between a state's 1 MiB cap and busboy's 1.3 MiB file limit: a reader that stops at its cap
 * holds busboy back only once the buffer is full, and past its limit busboy would read on unheld.
 */
export const MULTIPART_PART_BUFFER_BYTES = 256 * 1024
