// `npm run bench -- intents`: the offline intent classifier (shared/nlu/classifier.ts) on held-out phrases, beside a
// keyword-matching baseline measured the same way (shared/nlu/keyword-baseline.ts), then its speed at the issue's
// size: training 30 intents × 20 phrases (goal ≤ 300 ms) and classifying one message with 30 intents (goal p95 ≤ 2 ms).
// The phrases are bench/data/intents/train.json and test.json, check/, blind/, blind2/ and blind3/ (written for this benchmark;
// the test phrases are misspelt, reordered, padded or reworded, and some belong to no intent). Accuracy is the same
// on every machine; the times depend on it and on its load, printed beside them.
//
//   INTENT_ROUNDS=15   training rounds          INTENT_MESSAGES=3000   messages classified for the percentiles
import { readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { intentBenchData, syntheticIntents } from '../../shared/nlu/bench-data'
import { trainClassifier } from '../../shared/nlu/classifier'
import { keywordBaseline } from '../../shared/nlu/keyword-baseline'
import { measure } from '../../shared/nlu/measure'
import { words } from '../../shared/nlu/normalise'

const DATA = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'data', 'intents')
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as unknown
const pct = (x: number) => (x * 100).toFixed(1) + ' %'
const load = () => os.loadavg()[0]!.toFixed(1)

/**
 * Milliseconds of CPU this process has used. Times are read by it as well as by the wall clock: on a machine shared
 * with other work (load 6-14 on 2 cores here) the wall clock mostly measures how long the process waited for a core.
 */
function cpuMs(): number {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}

function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!
}

function accuracyOf(dir: string, label: string) {
  const data = intentBenchData(read(path.join(dir, 'train.json')), read(path.join(dir, 'test.json')))
  const examples = data.intents.reduce((n, i) => n + i.examples.length, 0)
  const other = data.cases.filter((c) => c.intent === null).length
  console.log(
    `${label}: ${data.intents.length} intents, ${examples} training phrases; ${data.cases.length} held-out phrases (${other} belong to no intent), locale ${data.locale}`,
  )
  const model = trainClassifier(data.intents, data.locale)
  const baseline = keywordBaseline(data.intents, data.locale)
  const ours = measure(data.cases, (t) => model.classify(t).intent)
  const keywords = measure(data.cases, (t) => baseline.classify(t).intent)
  console.log(`  offline classifier (threshold 0.5): accuracy ${pct(ours.accuracy)}, macro-F1 ${pct(ours.macroF1)}`)
  console.log(
    `  keyword baseline:                   accuracy ${pct(keywords.accuracy)}, macro-F1 ${pct(keywords.macroF1)}`,
  )
  console.log(
    `  gain: ${((ours.accuracy - keywords.accuracy) * 100).toFixed(1)} points of accuracy, ${((ours.macroF1 - keywords.macroF1) * 100).toFixed(1)} of macro-F1`,
  )
  const sweep = [0.3, 0.4, 0.5, 0.6, 0.7].map(
    (th) => `${th}: ${pct(measure(data.cases, (t) => model.classify(t, th).intent).accuracy)}`,
  )
  console.log(`  accuracy by threshold: ${sweep.join(', ')}`)
  for (const w of ours.wrong)
    console.log(`  missed: "${w.text}" → ${w.got ?? 'other'} (expected ${w.expected ?? 'other'})`)
  return data
}

export async function run(): Promise<void> {
  // The classifier's constants were chosen on the first set (goal: ≥ 15 points over the baseline); the check set
  // was written after they were fixed and never used to choose them.
  const data = accuracyOf(DATA, 'shop and services set (bench/data/intents)')
  accuracyOf(path.join(DATA, 'check'), 'bank check set, not used for tuning (bench/data/intents/check)')
  // The blind set was written by another engineer before reading the classifier or the other sets' phrases.
  accuracyOf(
    path.join(DATA, 'blind'),
    'gym blind set, written without reading the classifier (bench/data/intents/blind)',
  )
  // A second blind set, another domain, written the same way while the classifier was being improved.
  accuracyOf(
    path.join(DATA, 'blind2'),
    'internet provider blind set, written without reading the classifier (bench/data/intents/blind2)',
  )
  // A third blind set (a dental clinic), written while the classifier was being changed and kept from its engineer
  // until the changes were committed: measured once, after, never used to choose anything.
  accuracyOf(
    path.join(DATA, 'blind3'),
    'dental clinic blind set, written without reading the classifier (bench/data/intents/blind3)',
  )

  // Speed at 30 intents × 20 phrases, over the benchmark's own vocabulary.
  const vocabulary = [...new Set(data.intents.flatMap((i) => i.examples.flatMap((e) => words(e, data.locale))))]
  const rounds = Number(process.env.INTENT_ROUNDS ?? 15)
  const trainMs: number[] = []
  const trainCpu: number[] = []
  for (let r = 0; r < rounds; r++) {
    // A new seed each round: a changed example is a new model, never the cached one.
    const intents = syntheticIntents(30, 20, vocabulary, r + 1)
    const [t0, c0] = [performance.now(), cpuMs()]
    trainClassifier(intents, data.locale)
    trainCpu.push(cpuMs() - c0)
    trainMs.push(performance.now() - t0)
  }
  const fig = (xs: number[]) => `median ${quantile(xs, 0.5).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`
  console.log(
    `training 30 intents × 20 phrases (goal ≤ 300 ms), ${rounds} rounds: CPU ${fig(trainCpu)}; wall ${fig(trainMs)}; load average ${load()}`,
  )
  const big = trainClassifier(syntheticIntents(30, 20, vocabulary, 99), data.locale)
  const messages = Number(process.env.INTENT_MESSAGES ?? 3000)
  const texts = [
    ...data.cases.map((c) => c.text),
    ...syntheticIntents(30, 20, vocabulary, 7).flatMap((i) => i.examples),
  ]
  for (let i = 0; i < 200; i++) big.classify(texts[i % texts.length]!) // warm-up: the JIT, not the classifier
  const ms: number[] = []
  const cpu: number[] = []
  for (let i = 0; i < messages; i++) {
    const [t0, c0] = [performance.now(), cpuMs()]
    big.classify(texts[i % texts.length]!)
    cpu.push(cpuMs() - c0)
    ms.push(performance.now() - t0)
  }
  const pcts = (xs: number[]) =>
    `p50 ${quantile(xs, 0.5).toFixed(3)} ms, p95 ${quantile(xs, 0.95).toFixed(3)} ms, p99 ${quantile(xs, 0.99).toFixed(3)} ms`
  console.log(
    `classify one message with 30 intents (goal p95 ≤ 2 ms), ${messages} messages: CPU ${pcts(cpu)}; wall ${pcts(ms)}; load average ${load()}`,
  )
}
