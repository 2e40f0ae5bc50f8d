// Reads a fetch response's body up to a size, for every effect that calls out (HTTP Call nodes, the model provider):
// a server that answers more than that is cut off, not buffered, and the caller says what that means for its node.
export async function readCapped(res: Response, maxBytes: number, tooLarge: () => Error): Promise<string> {
  const declared = Number(res.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel()
    throw tooLarge()
  }
  if (!res.body) return ''
  const reader = res.body.getReader()
  const parts: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      throw tooLarge()
    }
    parts.push(value)
  }
  return new TextDecoder().decode(Buffer.concat(parts))
}
