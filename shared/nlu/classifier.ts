// The offline intent classifier: trained on a flow's own example phrases, in every host, with no network and no
// model to download. Each phrase becomes a TF-IDF vector of word stems, stem pairs and character n-grams
// (./features.ts); a message's score for an intent mixes its cosine similarity to the intent's closest example with
// its similarity to the intent's centroid, so one lucky example cannot carry a far-off message, and a customer's
// unknown words (never seen in any example) count against every intent: text far from all examples scores low and
// takes `other`. Unknown words within a typo or two of a known one are read as that word. Pure and deterministic:
// the same intents, locale and text give the same scores in the studio, the CLI and the runtime.
// Measured against a keyword baseline on held-out phrases by `npm run bench -- intents` (bench/suites/intents.ts).
import { distance } from 'fastest-levenshtein'
import { featuresOf, type PhraseFeatures } from './features'
import { words } from './normalise'
import { stemmerFor } from './stem'
import type { Classification, IntentScores, IntentSpec } from './types'

export interface Classifier {
  /** Hash of the intents and locale it was trained on: a changed example gives another model. */
  readonly version: string
  readonly intents: readonly string[]
  /** Scores every intent; the best one is chosen when it reaches `threshold` (default 0.5), else other (null). */
  classify(text: string, threshold?: number): Classification
  /** Cosine similarity (0..1) of two phrases in this model's feature space. */
  similarity(a: string, b: string): number
  /** Pairs of examples of different intents at least this similar (0..1), most similar first. */
  overlaps(min: number): Overlap[]
}

export interface Overlap {
  a: { intent: string; example: string }
  b: { intent: string; example: string }
  similarity: number
}

/** Share of the word features (stems, pairs) in a vector; the rest is the character n-grams. */
const WORD_SHARE = 0.5
/** How much the closest example weighs in an intent's score against the intent's centroid. */
const NEAREST_SHARE = 0.6
/**
 * Raw cosine similarities are stretched so that a typical paraphrase of an example reaches about 0.8 and text that
 * shares nothing but chance n-grams stays near 0: the default threshold of 0.5 then separates them (bench figures).
 */
const SCALE = 2.2

interface Vec {
  idx: Int32Array
  val: Float64Array
}

interface Trained {
  stem: (w: string) => string
  locale: string
  vocab: Map<string, string>
  byLength: Map<number, string[]>
  index: Map<string, number>
  idf: Float64Array
  unknownIdf: number
  /** For each feature, the examples holding it and their weights. */
  postings: Array<Array<[example: number, weight: number]>>
  centroids: Vec[]
  exampleIntent: Int32Array
  examples: string[]
  vectors: Vec[]
  names: string[]
}

const CACHE_SIZE = 64
const cache = new Map<string, { key: string; model: Classifier }>()

/** A classifier for these intents in this locale, trained once per distinct (intents, locale): later calls reuse it. */
export function trainClassifier(intents: readonly IntentSpec[], locale: string): Classifier {
  const key = JSON.stringify([locale, intents.map((i) => [i.name, i.examples])])
  const version = hash(key)
  const hit = cache.get(version)
  if (hit && hit.key === key) {
    // Most recently used last, so the oldest is the one forgotten.
    cache.delete(version)
    cache.set(version, hit)
    return hit.model
  }
  const model = train(intents, locale, version)
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string)
  cache.set(version, { key, model })
  return model
}

function train(intents: readonly IntentSpec[], locale: string, version: string): Classifier {
  const stem = stemmerFor(locale)
  const names = intents.map((i) => i.name)
  const vocab = new Map<string, string>()
  const phrases: { intent: number; text: string; f: PhraseFeatures }[] = []
  intents.forEach((spec, intent) => {
    for (const example of spec.examples) {
      const tokens = words(example, locale)
      if (!tokens.length) continue
      for (const t of tokens) vocab.set(t, stem(t))
      phrases.push({ intent, text: example, f: featuresOf(tokens, tokens.map(stem)) })
    }
  })
  const index = new Map<string, number>()
  const df: number[] = []
  for (const { f } of phrases)
    for (const map of [f.word, f.char])
      for (const k of map.keys()) {
        let i = index.get(k)
        if (i === undefined) {
          i = df.length
          index.set(k, i)
          df.push(0)
        }
        df[i]!++
      }
  const n = phrases.length
  const idf = Float64Array.from(df, (d) => Math.log((1 + n) / (1 + d)) + 1)
  const unknownIdf = Math.log(1 + n) + 1
  const trained: Trained = {
    stem,
    locale,
    vocab,
    byLength: byLength(vocab.keys()),
    index,
    idf,
    unknownIdf,
    postings: df.map(() => []),
    centroids: [],
    exampleIntent: Int32Array.from(phrases, (p) => p.intent),
    examples: phrases.map((p) => p.text),
    vectors: [],
    names,
  }
  const sums = names.map(() => new Map<number, number>())
  phrases.forEach(({ intent, f }, e) => {
    const v = vectorOf(trained, f)
    trained.vectors.push(v)
    for (let j = 0; j < v.idx.length; j++) {
      trained.postings[v.idx[j]!]!.push([e, v.val[j]!])
      const sum = sums[intent]!
      sum.set(v.idx[j]!, (sum.get(v.idx[j]!) ?? 0) + v.val[j]!)
    }
  })
  trained.centroids = sums.map((sum) => normalised(sum))
  return {
    version,
    intents: names,
    classify: (text, threshold = 0.5) => classify(trained, text, threshold),
    similarity: (a, b) => cosine(vectorOf(trained, readText(trained, a)), vectorOf(trained, readText(trained, b))),
    overlaps: (min) => overlaps(trained, min),
  }
}

function byLength(vocab: Iterable<string>): Map<number, string[]> {
  const out = new Map<number, string[]>()
  for (const w of [...vocab].sort()) {
    const list = out.get(w.length) ?? []
    list.push(w)
    out.set(w.length, list)
  }
  return out
}

/** Typos allowed in a word of this length: none in short words, where one letter changes the word. */
function typoLimit(length: number): number {
  return length < 4 ? 0 : length < 7 ? 1 : 2
}

/** The known word an unknown one was probably meant to be, or the word itself. */
function corrected(m: Trained, word: string): string {
  if (m.vocab.has(word)) return word
  const limit = typoLimit(word.length)
  let best = word
  let bestD = limit + 1
  for (let len = word.length - limit; len <= word.length + limit; len++)
    for (const known of m.byLength.get(len) ?? []) {
      if (typoLimit(known.length) === 0) continue
      const d = distance(word, known)
      if (d < bestD) [best, bestD] = [known, d]
    }
  return best
}

function readText(m: Trained, text: string): PhraseFeatures {
  const tokens = words(text, m.locale)
  const stems = tokens.map((t) => {
    const w = corrected(m, t)
    return m.vocab.get(w) ?? m.stem(w)
  })
  return featuresOf(tokens, stems)
}

/** TF-IDF, each block (words, characters) normalised to its share; features never trained on count in the norm. */
function vectorOf(m: Trained, f: PhraseFeatures): Vec {
  const idx: number[] = []
  const val: number[] = []
  for (const [map, share] of [
    [f.word, WORD_SHARE],
    [f.char, 1 - WORD_SHARE],
  ] as const) {
    let norm = 0
    const start = idx.length
    for (const [k, count] of map) {
      const i = m.index.get(k)
      const w = (1 + Math.log(count)) * (i === undefined ? m.unknownIdf : m.idf[i]!)
      norm += w * w
      if (i !== undefined) {
        idx.push(i)
        val.push(w)
      }
    }
    const scale = norm > 0 ? Math.sqrt(share / norm) : 0
    for (let j = start; j < val.length; j++) val[j]! *= scale
  }
  return { idx: Int32Array.from(idx), val: Float64Array.from(val) }
}

function normalised(sum: Map<number, number>): Vec {
  const keys = [...sum.keys()].sort((a, b) => a - b)
  let norm = 0
  for (const k of keys) norm += sum.get(k)! ** 2
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0
  return { idx: Int32Array.from(keys), val: Float64Array.from(keys, (k) => sum.get(k)! * scale) }
}

function cosine(a: Vec, b: Vec): number {
  const m = new Map<number, number>()
  for (let i = 0; i < a.idx.length; i++) m.set(a.idx[i]!, a.val[i]!)
  let dot = 0
  for (let i = 0; i < b.idx.length; i++) dot += (m.get(b.idx[i]!) ?? 0) * b.val[i]!
  return Math.min(1, Math.max(0, dot))
}

function overlaps(m: Trained, min: number): Overlap[] {
  const out: Overlap[] = []
  const n = m.vectors.length
  for (let a = 0; a < n; a++) {
    const dots = dotsWith(m, m.vectors[a]!)
    for (let b = a + 1; b < n; b++) {
      if (m.exampleIntent[a] === m.exampleIntent[b] || dots[b]! < min - 1e-9) continue
      out.push({
        a: { intent: m.names[m.exampleIntent[a]!]!, example: m.examples[a]! },
        b: { intent: m.names[m.exampleIntent[b]!]!, example: m.examples[b]! },
        similarity: round(Math.min(1, dots[b]!)),
      })
    }
  }
  return out.sort((x, y) => y.similarity - x.similarity)
}

/** The dot product of a vector with every example, through the postings (only shared features cost anything). */
function dotsWith(m: Trained, q: Vec): Float64Array {
  const dots = new Float64Array(m.exampleIntent.length)
  for (let j = 0; j < q.idx.length; j++) for (const [e, w] of m.postings[q.idx[j]!]!) dots[e] = dots[e]! + w * q.val[j]!
  return dots
}

function classify(m: Trained, text: string, threshold: number): Classification {
  const q = vectorOf(m, readText(m, text))
  const dots = dotsWith(m, q)
  const nearest = new Float64Array(m.names.length)
  for (let e = 0; e < dots.length; e++) {
    const intent = m.exampleIntent[e]!
    if (dots[e]! > nearest[intent]!) nearest[intent] = dots[e]!
  }
  const scores: IntentScores = {}
  let best: string | null = null
  let bestScore = 0
  m.names.forEach((name, i) => {
    const raw = NEAREST_SHARE * nearest[i]! + (1 - NEAREST_SHARE) * cosineSorted(q, m.centroids[i]!)
    const score = round(Math.min(1, raw * SCALE))
    // A name given twice keeps its better score; validation reports the duplicate.
    if (!(name in scores) || score > scores[name]!) scores[name] = score
    if (score > bestScore) [best, bestScore] = [name, score]
  })
  const chosen = best !== null && bestScore >= threshold ? best : null
  return { intent: chosen, confidence: bestScore, scores, provider: 'offline' }
}

/** Dot product of a query vector with a centroid (indices sorted in the centroid; the query's are looked up). */
function cosineSorted(q: Vec, c: Vec): number {
  let dot = 0
  for (let j = 0; j < q.idx.length; j++) {
    const k = q.idx[j]!
    let lo = 0
    let hi = c.idx.length - 1
    while (lo <= hi) {
      const mid = (lo + hi) >> 1
      const v = c.idx[mid]!
      if (v === k) {
        dot += c.val[mid]! * q.val[j]!
        break
      }
      if (v < k) lo = mid + 1
      else hi = mid - 1
    }
  }
  return dot
}

/** Scores kept to 4 decimals: the same in every host and readable in a trace. */
function round(x: number): number {
  return Math.round(x * 10000) / 10000
}

/** FNV-1a over the UTF-16 units, as 8 hex digits: names a model, not a security boundary. */
function hash(s: string): string {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return (h >>> 0).toString(16).padStart(8, '0')
}
