// The shortest edit between two sequences (Myers' O(ND) algorithm), for word diffs of texts and for aligning the
// elements of two JSON arrays. Equal runs at both ends are trimmed first, so the usual edit (a few words in a long
// text) costs little. Past `maxEdits` differences the middle is given as all removed then all added: a diff that
// large reads no better aligned, and the cost of aligning grows with the square of it.

export type SeqOp = { op: 'same'; a: number; b: number } | { op: 'del'; a: number } | { op: 'add'; b: number }

export function diffSequences(a: readonly string[], b: readonly string[], maxEdits = 1000): SeqOp[] {
  let start = 0
  while (start < a.length && start < b.length && a[start] === b[start]) start++
  let endA = a.length
  let endB = b.length
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--
    endB--
  }
  const out: SeqOp[] = []
  for (let i = 0; i < start; i++) out.push({ op: 'same', a: i, b: i })
  out.push(...middle(a.slice(start, endA), b.slice(start, endB), start, maxEdits))
  for (let i = 0; endA + i < a.length; i++) out.push({ op: 'same', a: endA + i, b: endB + i })
  return out
}

function middle(a: readonly string[], b: readonly string[], offset: number, maxEdits: number): SeqOp[] {
  const n = a.length
  const m = b.length
  const everything = (): SeqOp[] => [
    ...a.map((_, i): SeqOp => ({ op: 'del', a: offset + i })),
    ...b.map((_, i): SeqOp => ({ op: 'add', b: offset + i })),
  ]
  if (n === 0 || m === 0) return everything()
  const max = n + m
  const zero = max + 1
  const v = new Int32Array(2 * max + 3)
  const trace: Int32Array[] = []
  let found = -1
  for (let d = 0; d <= Math.min(max, maxEdits) && found < 0; d++) {
    // Only the diagonals round d reads, -d-1 … d+1: the trace grows with the square of the edits, not their product
    // with the length.
    trace.push(v.slice(zero - d - 1, zero + d + 2))
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[zero + k - 1]! < v[zero + k + 1]!) ? v[zero + k + 1]! : v[zero + k - 1]! + 1
      let y = x - k
      while (x < n && y < m && a[x] === b[y]) {
        x++
        y++
      }
      v[zero + k] = x
      if (x >= n && y >= m) {
        found = d
        break
      }
    }
  }
  if (found < 0) return everything()
  const ops: SeqOp[] = []
  let x = n
  let y = m
  for (let d = trace.length - 1; d >= 0; d--) {
    const t = trace[d]!
    const at = (diagonal: number) => t[diagonal + d + 1]!
    const k = x - y
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1
    const prevX = at(prevK)
    const prevY = prevX - prevK
    while (x > prevX && y > prevY) {
      ops.push({ op: 'same', a: offset + x - 1, b: offset + y - 1 })
      x--
      y--
    }
    if (d > 0) ops.push(x === prevX ? { op: 'add', b: offset + y - 1 } : { op: 'del', a: offset + x - 1 })
    x = prevX
    y = prevY
  }
  return ops.reverse()
}
