// Remembers the answers of a pure function of one string, up to `max` of them (the oldest is forgotten first), so
// a check that builds Intl objects or parses phone numbers costs its price once per distinct input. The engine
// asks the same few questions on every step (the flow's locale and time zone, the customer's country): before this,
// those checks were about 12 % of the runtime's CPU per inbound message (docs/runtime.md, "Benchmark").
export function memoize<R>(fn: (key: string) => R, max = 256): (key: string) => R {
  const known = new Map<string, R>()
  return (key) => {
    if (known.has(key)) return known.get(key) as R
    const value = fn(key)
    if (known.size >= max) known.delete(known.keys().next().value as string)
    known.set(key, value)
    return value
  }
}
