// Self time of a .cpuprofile (bench/profile/traffic-one.ts) by source file and by function, the largest first: to
// set a profile with the traffic aggregates beside one without.
//   node bench/profile/traffic-summary.mjs <file.cpuprofile> [top=25]
import fs from 'node:fs'
const prof = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'))
const top = Number(process.argv[3] ?? 25)
const self = new Map(prof.nodes.map((n) => [n.id, 0]))
const dt = prof.timeDeltas
for (let i = 0; i < prof.samples.length; i++) self.set(prof.samples[i], self.get(prof.samples[i]) + (dt[i] ?? 0))
const byFile = new Map()
const byFn = new Map()
let total = 0
for (const n of prof.nodes) {
  const us = self.get(n.id)
  total += us
  const file = (n.callFrame.url || n.callFrame.functionName || '(native)').replace(/^.*\/(c33|node_modules)\//, '$1/')
  byFile.set(file, (byFile.get(file) ?? 0) + us)
  const fn = `${n.callFrame.functionName || '(anonymous)'} ${file}:${n.callFrame.lineNumber + 1}`
  byFn.set(fn, (byFn.get(fn) ?? 0) + us)
}
const show = (title, m) => {
  console.log(`${title} (total ${(total / 1e6).toFixed(2)} s)`)
  for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${(us / 1e6).toFixed(3).padStart(7)} s ${((100 * us) / total).toFixed(1).padStart(5)} %  ${k}`)
}
show('by file', byFile)
show('by function', byFn)
// Inclusive time (the function and what it called) of the functions named after the top count, e.g. writeSteps.
const names = process.argv.slice(4)
if (names.length) {
  const parentOf = new Map()
  for (const n of prof.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id)
  const byId = new Map(prof.nodes.map((n) => [n.id, n]))
  const incl = new Map(names.map((n) => [n, 0]))
  for (const n of prof.nodes) {
    const us = self.get(n.id)
    if (!us) continue
    const seen = new Set()
    for (let id = n.id; id !== undefined; id = parentOf.get(id)) {
      const fn = byId.get(id).callFrame.functionName
      if (incl.has(fn) && !seen.has(fn)) {
        seen.add(fn)
        incl.set(fn, incl.get(fn) + us)
      }
    }
  }
  console.log('inclusive')
  for (const [k, us] of incl)
    console.log(`  ${(us / 1e6).toFixed(3).padStart(7)} s ${((100 * us) / total).toFixed(1).padStart(5)} %  ${k}`)
}
