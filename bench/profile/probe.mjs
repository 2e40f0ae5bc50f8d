// Preloaded into the profiled server: SIGUSR2 starts the window (CPU profile, event-loop delay, GC pauses); the
// second SIGUSR2 ends it and writes <PROBE_OUT> (.probe.json) and the profile (.cpuprofile).
import fs from 'node:fs'
import inspector from 'node:inspector'
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks'
const h = monitorEventLoopDelay({ resolution: 1 })
const gc = { n: 0, ms: 0, over3: 0 }
new PerformanceObserver((l) => {
  for (const e of l.getEntries()) {
    gc.n++
    gc.ms += e.duration
    if (e.duration > 3) gc.over3++
  }
}).observe({ entryTypes: ['gc'] })
const session = new inspector.Session()
session.connect()
session.post('Profiler.enable')
let on = false
process.on('SIGUSR2', () => {
  if (!on) {
    on = true
    session.post('Profiler.start')
    h.enable()
    h.reset()
    gc.n = gc.ms = gc.over3 = 0
    return
  }
  h.disable()
  const ms = (x) => +(x / 1e6).toFixed(2)
  fs.writeFileSync(
    process.env.PROBE_OUT,
    JSON.stringify({
      loop: {
        mean: ms(h.mean),
        p50: ms(h.percentile(50)),
        p99: ms(h.percentile(99)),
        p999: ms(h.percentile(99.9)),
        max: ms(h.max),
      },
      gc: { ...gc, ms: +gc.ms.toFixed(1) },
    }),
  )
  session.post('Profiler.stop', (err, r) => {
    if (!err) fs.writeFileSync(process.env.PROBE_OUT.replace(/probe.json$/, 'cpuprofile'), JSON.stringify(r.profile))
  })
})
