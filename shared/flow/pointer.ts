// JSON pointers (RFC 6901): problems point into the document with them, text fields into a node's config.

export function escapeSegment(segment: string | number): string {
  return String(segment).replace(/~/g, '~0').replace(/\//g, '~1')
}

export function pointerOf(segments: ReadonlyArray<string | number>): string {
  return segments.map((s) => '/' + escapeSegment(s)).join('')
}

export function parsePointer(pointer: string): string[] {
  if (pointer === '') return []
  if (!pointer.startsWith('/')) throw new Error(`not a JSON pointer: ${pointer}`)
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
}

export function getAt(root: unknown, pointer: string): unknown {
  let cur: unknown = root
  for (const seg of parsePointer(pointer)) {
    if (cur === null || typeof cur !== 'object') return undefined
    cur = (cur as Record<string, unknown>)[seg]
  }
  return cur
}

/** Returns a copy of `root` with the value at `pointer` replaced; containers along the path are copied, the rest shared. */
export function setAt<T>(root: T, pointer: string, value: unknown): T {
  const segs = parsePointer(pointer)
  const write = (node: unknown, i: number): unknown => {
    if (i === segs.length) return value
    const seg = segs[i] as string
    if (Array.isArray(node)) {
      const copy = node.slice()
      copy[Number(seg)] = write(node[Number(seg)], i + 1)
      return copy
    }
    const obj = node !== null && typeof node === 'object' ? (node as Record<string, unknown>) : {}
    return { ...obj, [seg]: write(obj[seg], i + 1) }
  }
  return write(root, 0) as T
}
