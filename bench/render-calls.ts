import fs from 'node:fs'
import path from 'node:path'
import type { CDPSession } from '@playwright/test'
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js'

// EMULATOR_PROFILE: how many times each of our renderer's functions ran during a timed phase, exactly (CDP precise
// coverage with call counts, not samples), mapped back to renderer/ sources through the build's source maps. A
// component's count is its renders: "FlowNodeCard 1500" over 30 steps of a 500-node flow says every card re-rendered.

interface Range {
  startOffset: number
  endOffset: number
  count: number
}
interface FunctionCoverage {
  functionName: string
  ranges: Range[]
}
interface ScriptCoverage {
  url: string
  functions: FunctionCoverage[]
}

/** Counts calls of our functions while `act` runs: `{ "renderer/canvas/FlowNodeCard.tsx:33": 60, … }`. */
export async function countCalls<T>(
  cdp: CDPSession,
  rendererDir: string,
  act: () => Promise<T>,
): Promise<{ result: T; calls: Map<string, number> }> {
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.startPreciseCoverage', { callCount: true, detailed: false })
  // The counters run from here: what ran before (the page's load) is taken and dropped.
  await cdp.send('Profiler.takePreciseCoverage')
  const result = await act()
  const { result: scripts } = (await cdp.send('Profiler.takePreciseCoverage')) as { result: ScriptCoverage[] }
  await cdp.send('Profiler.stopPreciseCoverage')
  const calls = new Map<string, number>()
  for (const script of scripts) {
    if (!URL.canParse(script.url)) continue
    const file = path.join(rendererDir, new URL(script.url).pathname)
    if (!fs.existsSync(file) || !fs.existsSync(`${file}.map`)) continue
    const source = fs.readFileSync(file, 'utf8')
    const lineStarts = [0]
    for (let i = 0; i < source.length; i++) if (source.charCodeAt(i) === 10) lineStarts.push(i + 1)
    const smc = new SourceMapConsumer(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')) as RawSourceMap)
    for (const fn of script.functions) {
      const top = fn.ranges[0]
      if (!top || !top.count) continue
      let lo = 0
      let hi = lineStarts.length - 1
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1
        if (lineStarts[mid]! <= top.startOffset) lo = mid
        else hi = mid - 1
      }
      const pos = smc.originalPositionFor({ line: lo + 1, column: top.startOffset - lineStarts[lo]! })
      const src = pos.source?.replace(/^(\.\.\/)+/, '')
      if (!src || src.includes('node_modules')) continue
      const key = `${pos.name ?? fn.functionName ?? '(anonymous)'} ${src}:${pos.line}`
      calls.set(key, (calls.get(key) ?? 0) + top.count)
    }
  }
  return { result, calls }
}

/** The `k` most called, one per line. */
export function topCalls(calls: Map<string, number>, k: number, per: number): string {
  return [...calls]
    .sort((a, b) => b[1] - a[1])
    .slice(0, k)
    .map(([fn, n]) => `    ${String(n).padStart(7)}  ${(n / per).toFixed(1).padStart(7)}/step  ${fn}`)
    .join('\n')
}
