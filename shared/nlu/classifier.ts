// The offline intent classifier: trained on a flow's own example phrases, in every host, with no network and no
// model to download. Each phrase becomes a TF-IDF vector of word stems, stem pairs and character n-grams
// (./features.ts), function words weighing less (./stopwords.ts) and a feature's weight falling with the number of
// intents that use it; a message's score for an intent mixes its cosine similarity to the intent's closest example
// with its similarity to the intent's centroid, so one lucky example cannot carry a far-off message, and a customer's
// unknown words (never seen in any example) count against every intent, at half weight: text far from all examples
// scores low and takes `other`, while a request padded with words of the customer's own still reaches its intent.
// Examples and messages are read alike (./reading.ts): chat short forms spelt out, an opening greeting left out, a
// negated wish marked. An unknown word within a typo or two of a known one, or another form of a known word's stem,
// is read as that word. An intent's description adds its words to the intent's centroid, as one more example would.
// Deterministic: the same intents, locale and text give the same scores in the studio, the CLI and the runtime.
// Measured against a keyword baseline on held-out phrases by `npm run bench -- intents` (bench/suites/intents.ts).
import { featuresOf, type PhraseFeatures } from './features'
import { unstretched } from './chat-forms'
import { greetingLength } from './greetings'
import { words } from './normalise'
import { readPhrase } from './reading'
import { stemmerFor } from './stem'
import { typoDistance } from './typos'
import { STOPWORD_WEIGHT, stopwordsFor } from './stopwords'
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
 * Raw similarities are scaled per model so that a typical unseen paraphrase of the flow's own examples (the median
 * leave-one-out score of its examples, looReference) scores TYPICAL, whatever the examples' vocabulary: above the
 * default threshold of 0.5, while text sharing only chance n-grams stays low (figures: `npm run bench -- intents`,
 * which sweeps the threshold too). The clamp keeps a flow with one example per intent (no reference) sensible.
 */
const TYPICAL = 0.6
/**
 * What a never-trained feature weighs in the message's norm, against a known one as rare. Unknown words still lower every score
 * (text far from all examples must take `other`), but less than a known feature would: a customer's extra words
 * ("for my daughter", "on new years day") say nothing against the intent the rest of the message matches.
 */
const UNKNOWN_WEIGHT = 0.5
/**
 * An intent's description (what the intent means, written for the designer and the model provider) weighs in the
 * intent's centroid as DESCRIPTION_WEIGHT examples would, and never as its closest example: it brings words the
 * examples lack ("money" in "Get money back for an order" beside examples that say "refund"), while a message
 * sharing one word with a description written in prose does not reach the intent on that word alone. Its words count
 * in the inverse document frequency, so words every description uses ("the customer wants") weigh little.
 */
const DESCRIPTION_WEIGHT = 1
/** The shortest stem an unknown word may share with a known one to be read as it ("installation" / "install"). */
const MIN_SHARED_STEM = 5
const MIN_SCALE = 1.5
const MAX_SCALE = 3.5

interface Vec {
  idx: Int32Array
  val: Float64Array
}

interface Trained {
  stem: (w: string) => string
  /** Whether a greeting that opens a message is read (the flow has an intent for greetings, ./greetings.ts). */
  greetings: boolean
  stop: ReadonlySet<string>
  locale: string
  vocab: Map<string, string>
  byLength: Map<number, string[]>
  index: Map<string, number>
  idf: Float64Array
  unknownIdf: number
  /** For each feature f, the examples holding it and their weights: postEx/postW[postStart[f] .. postStart[f+1]). */
  postStart: Int32Array
  postEx: Int32Array
  postW: Float64Array
  centroids: Vec[]
  exampleIntent: Int32Array
  examples: string[]
  vectors: Vec[]
  names: string[]
  /** Raw similarity × scale = score (see TYPICAL). */
  scale: number
}

const CACHE_SIZE = 64
const cache = new Map<string, { key: string; model: Classifier }>()

/** A classifier for these intents in this locale, trained once per distinct (intents, locale): later calls reuse it. */
export function trainClassifier(intents: readonly IntentSpec[], locale: string): Classifier {
  const key = JSON.stringify([locale, intents.map((i) => [i.name, i.examples, i.description ?? ''])])
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
  const stop = stopwordsFor(locale)
  const names = intents.map((i) => i.name)
  const vocab = new Map<string, string>()
  // An example that is nothing but a greeting: greetings mean something in this flow and are read as words.
  const greetings = intents.some((spec) =>
    spec.examples.some((e) => {
      const t = words(e, locale)
      return t.length > 0 && greetingLength(t, locale) === t.length
    }),
  )
  const read = (text: string) => {
    const { tokens, negated } = readPhrase(text, locale, greetings)
    for (const t of tokens) vocab.set(t, stem(t))
    return tokens.length ? featuresOf(tokens, tokens.map(stem), stop, negated) : null
  }
  const phrases: { intent: number; text: string; f: PhraseFeatures }[] = []
  const descriptions: { intent: number; f: PhraseFeatures }[] = []
  intents.forEach((spec, intent) => {
    for (const example of spec.examples) {
      const f = read(example)
      if (f) phrases.push({ intent, text: example, f })
    }
    const f = read(spec.description ?? '')
    if (f) descriptions.push({ intent, f })
  })
  const index = new Map<string, number>()
  const holders: Set<number>[] = []
  for (const { f, intent } of [...phrases, ...descriptions])
    for (const map of [f.word, f.char])
      for (const k of map.keys()) {
        let i = index.get(k)
        if (i === undefined) {
          i = holders.length
          index.set(k, i)
          holders.push(new Set())
        }
        holders[i]!.add(intent)
      }
  const df = holders.map((h) => h.size)
  // Document frequency counts intents, not phrases: a word every intent's examples use tells none of them apart,
  // however often one intent repeats it.
  const n = intents.length
  const idf = Float64Array.from(df, (d) => Math.log((1 + n) / (1 + d)) + 1)
  const unknownIdf = Math.log(1 + n) + 1
  const trained: Trained = {
    stem,
    greetings,
    stop,
    locale,
    vocab,
    byLength: byLength(vocab.keys()),
    index,
    idf,
    unknownIdf,
    postStart: new Int32Array(df.length + 1),
    postEx: new Int32Array(0),
    postW: new Float64Array(0),
    centroids: [],
    exampleIntent: Int32Array.from(phrases, (p) => p.intent),
    examples: phrases.map((p) => p.text),
    vectors: [],
    names,
    scale: 1,
  }
  const sums = names.map(() => new Map<number, number>())
  trained.vectors = phrases.map(({ f }) => vectorOf(trained, f))
  postings(trained)
  trained.vectors.forEach((v, e) => {
    const sum = sums[trained.exampleIntent[e]!]!
    for (let j = 0; j < v.idx.length; j++) sum.set(v.idx[j]!, (sum.get(v.idx[j]!) ?? 0) + v.val[j]!)
  })
  for (const { intent, f } of descriptions) {
    const v = vectorOf(trained, f)
    const sum = sums[intent]!
    for (let j = 0; j < v.idx.length; j++)
      sum.set(v.idx[j]!, (sum.get(v.idx[j]!) ?? 0) + DESCRIPTION_WEIGHT * v.val[j]!)
  }
  trained.centroids = sums.map((sum) => normalised(sum))
  let found: { min: number; pairs: Overlap[] } | undefined
  const ref = looReference(trained, sums)
  trained.scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, TYPICAL / Math.max(ref, 1e-6)))
  return {
    version,
    intents: names,
    classify: (text, threshold = 0.5) => classify(trained, text, threshold),
    similarity: (a, b) => cosine(vectorOf(trained, readText(trained, a)), vectorOf(trained, readText(trained, b))),
    // Validation asks on every edit of the flow: the answer for this model is kept.
    overlaps: (min) => {
      if (found?.min !== min) found = { min, pairs: overlaps(trained, min) }
      return found.pairs
    },
  }
}

/**
 * How close an example of this flow typically is to the rest of its intent: the median, over the examples, of the raw
 * score each would get from a model trained without it (its intent's nearest other example, and its intent's centroid
 * without it). Unseen paraphrases of a flow's intents score about this.
 */
function looReference(m: Trained, sums: Map<number, number>[]): number {
  const norms2 = sums.map((sum) => [...sum.values()].reduce((a, v) => a + v * v, 0))
  const members = m.names.map(() => [] as number[])
  m.exampleIntent.forEach((intent, e) => members[intent]!.push(e))
  const raws: number[] = []
  m.vectors.forEach((v, e) => {
    const intent = m.exampleIntent[e]!
    let nearest = 0
    for (const o of members[intent]!) if (o !== e) nearest = Math.max(nearest, dot(v, m.vectors[o]!))
    const sum = sums[intent]!
    let withSum = 0
    for (let j = 0; j < v.idx.length; j++) withSum += v.val[j]! * (sum.get(v.idx[j]!) ?? 0)
    const self = dot(v, v)
    const rest2 = norms2[intent]! - 2 * withSum + self
    const centroid = rest2 > 1e-12 ? (withSum - self) / Math.sqrt(rest2) : 0
    raws.push(NEAREST_SHARE * nearest + (1 - NEAREST_SHARE) * centroid)
  })
  raws.sort((a, b) => a - b)
  return raws.length ? raws[Math.floor((raws.length - 1) / 2)]! : 0
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
  return typoOf(m, word) ?? otherFormOf(m, word) ?? word
}

/** "goood", "sooo": the stretched letter twice if that is a known word, else once if that is, else twice. */
function destretched(m: Trained, typed: string): string {
  const plain = m.vocab.has(typed) ? null : unstretched(typed)
  if (!plain) return typed
  const [once, twice] = plain
  return m.vocab.has(twice) || !m.vocab.has(once) ? twice : once
}

/**
 * The known word within a typo or two of this one. A typo keeps the first letter (or swaps the first two): people
 * rarely mistype the letter a word starts with (Yannakoudakis & Fawthrop 1983), and a short word with another first
 * letter is another word ("love" is not "move", "ring" not "king").
 */
function typoOf(m: Trained, word: string): string | undefined {
  const limit = typoLimit(word.length)
  let best: string | undefined
  let bestD = limit + 1
  for (let len = word.length - limit; len <= word.length + limit; len++)
    for (const known of m.byLength.get(len) ?? []) {
      if (typoLimit(known.length) === 0) continue
      if (known[0] !== word[0] && !(known[0] === word[1] && known[1] === word[0])) continue
      const d = typoDistance(word, known, limit)
      if (d < bestD) [best, bestD] = [known, d]
    }
  return best
}

/**
 * The known word this one is another form of, by derivation rather than inflection (which the stemmer handles):
 * the unknown word extends a known word's stem ("installation" of "install", "reimbursement" of "reimbursed"), or a
 * known word extends the unknown one's stem ("deliver" of "delivery"); the longest shared stem wins, and at least
 * MIN_SHARED_STEM letters of it, so short stems do not join unrelated words.
 */
function otherFormOf(m: Trained, word: string): string | undefined {
  const own = m.stem(word)
  let best: string | undefined
  let bestLength = MIN_SHARED_STEM - 1
  for (const [known, stem] of m.vocab) {
    if (stem.length > bestLength && word.startsWith(stem)) [best, bestLength] = [known, stem.length]
    else if (own.length > bestLength && known.startsWith(own)) [best, bestLength] = [known, own.length]
  }
  return best
}

function readText(m: Trained, text: string): PhraseFeatures {
  const read = readPhrase(text, m.locale, m.greetings)
  const tokens = read.tokens.map((t) => destretched(m, t))
  const stems = tokens.map((t) => {
    const w = corrected(m, t)
    return m.vocab.get(w) ?? m.stem(w)
  })
  return featuresOf(tokens, stems, m.stop, read.negated)
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
      const light = f.light.has(k) ? STOPWORD_WEIGHT : 1
      const w = light * (1 + Math.log(count)) * (i === undefined ? UNKNOWN_WEIGHT * m.unknownIdf : m.idf[i]!)
      norm += w * w
      if (i !== undefined) {
        idx.push(i)
        val.push(w)
      }
    }
    const scale = norm > 0 ? Math.sqrt(share / norm) : 0
    for (let j = start; j < val.length; j++) val[j]! *= scale
  }
  // Sorted by feature, so two vectors meet in one merge (dot).
  const order = idx.map((_, j) => j).sort((x, y) => idx[x]! - idx[y]!)
  return { idx: Int32Array.from(order, (j) => idx[j]!), val: Float64Array.from(order, (j) => val[j]!) }
}

function normalised(sum: Map<number, number>): Vec {
  const keys = [...sum.keys()].sort((a, b) => a - b)
  let norm = 0
  for (const k of keys) norm += sum.get(k)! ** 2
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0
  return { idx: Int32Array.from(keys), val: Float64Array.from(keys, (k) => sum.get(k)! * scale) }
}

function cosine(a: Vec, b: Vec): number {
  return Math.min(1, Math.max(0, dot(a, b)))
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
  for (let j = 0; j < q.idx.length; j++) {
    const f = q.idx[j]!
    const w = q.val[j]!
    for (let p = m.postStart[f]!; p < m.postStart[f + 1]!; p++)
      dots[m.postEx[p]!] = dots[m.postEx[p]!]! + m.postW[p]! * w
  }
  return dots
}

/** Postings in flat arrays, by feature: one pass to count, one to fill. */
function postings(m: Trained) {
  const start = m.postStart
  for (const v of m.vectors) for (let j = 0; j < v.idx.length; j++) start[v.idx[j]! + 1]!++
  for (let f = 1; f < start.length; f++) start[f] = start[f]! + start[f - 1]!
  const fill = start.slice(0, -1)
  m.postEx = new Int32Array(start[start.length - 1]!)
  m.postW = new Float64Array(m.postEx.length)
  m.vectors.forEach((v, e) => {
    for (let j = 0; j < v.idx.length; j++) {
      const at = fill[v.idx[j]!]!++
      m.postEx[at] = e
      m.postW[at] = v.val[j]!
    }
  })
}

/** Dot product of two vectors whose indices are sorted. */
function dot(a: Vec, b: Vec): number {
  let i = 0
  let j = 0
  let sum = 0
  while (i < a.idx.length && j < b.idx.length) {
    const x = a.idx[i]!
    const y = b.idx[j]!
    if (x === y) sum += a.val[i++]! * b.val[j++]!
    else if (x < y) i++
    else j++
  }
  return sum
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
  let bestRaw = 0
  m.names.forEach((name, i) => {
    const raw = NEAREST_SHARE * nearest[i]! + (1 - NEAREST_SHARE) * dot(q, m.centroids[i]!)
    const score = round(Math.min(1, raw * m.scale))
    // A name given twice keeps its better score; validation reports the duplicate.
    if (!(name in scores) || score > scores[name]!) scores[name] = score
    // Ranked by the raw similarity: two intents can both reach a score of 1, and the closer one must still win.
    if (raw > bestRaw) [best, bestScore, bestRaw] = [name, score, raw]
  })
  const chosen = best !== null && bestScore >= threshold ? best : null
  return { intent: chosen, confidence: bestScore, scores, provider: 'offline' }
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
