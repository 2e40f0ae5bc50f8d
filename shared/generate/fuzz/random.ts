// Seeded randomness for the fuzzer, from fast-check: one generator per conversation (`fc.gen()` sampled with the
// seed), drawn from as the conversation goes, so seed S and conversation n always play the same conversation.
import fc from 'fast-check'

export type Draw = ReturnType<typeof conversations>[number]

/** `count` independent generators, the same for the same seed. */
export function conversations(seed: number, count: number) {
  return fc.sample(fc.gen(), { seed, numRuns: count })
}

const EMOJI = ['👍', '🙂🙂🙂', '👨‍👩‍👧‍👦', '🇬🇧', '👋🏽 hi', 'ok 👌', '❤️', '🤷‍♀️?']

export class Random {
  constructor(private readonly g: Draw) {}

  int(min: number, max: number): number {
    return this.g(fc.integer, { min, max })
  }

  chance(p: number): boolean {
    return this.int(0, 999) < p * 1000
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)]!
  }

  /** Text a customer might send: empty, spaces, very long, emoji, numbers, dates, addresses, braces, plain words. */
  text(extra: readonly string[] = []): string {
    const kind = this.int(0, 9)
    switch (kind) {
      case 0:
        return this.pick(['', ' ', '   ', '\n'])
      case 1: {
        // Very long: a short random piece repeated (drawing thousands of graphemes one by one is slow).
        const piece = this.g(fc.string, { unit: 'grapheme', minLength: 1, maxLength: 8 })
        return piece.repeat(Math.ceil(this.int(1000, 5000) / piece.length))
      }
      case 2:
        return this.g(fc.string, { unit: 'grapheme', maxLength: 12 })
      case 3:
        return String(
          this.pick([this.int(-1e6, 1e6), this.g(fc.double, { noNaN: true }), '1,250', '0', '-0', '1e400', '007']),
        )
      case 4:
        return this.pick(['2026-02-30', '31/12/2030', '2030-01-15', 'tomorrow', 'a@b.co', 'not@', '+14155552671', '12'])
      case 5:
        return this.pick([
          '{{customer_name}}',
          '{{',
          '}}',
          '\\{{x}}',
          '<b>hi</b>',
          'null',
          'undefined',
          'true',
          '[]',
          '{}',
        ])
      case 6:
      case 7:
        if (extra.length) return this.pick(extra)
        return this.g(fc.string, { maxLength: 20 })
      case 8:
        // Emoji the way phones send them: joined families, flags, skin tones, text around them.
        return this.pick(EMOJI)
      default:
        return this.g(fc.string, { maxLength: 40 })
    }
  }

  /** A JSON value of any kind: what a broken server or a careless script returns. */
  json(depth = 2): unknown {
    const kind = this.int(0, depth > 0 ? 7 : 4)
    switch (kind) {
      case 0:
        return null
      case 1:
        return this.chance(0.5)
      case 2:
        return this.pick([0, -1, 1.5, 1e21, this.int(-1e6, 1e6)])
      case 3:
        return this.text()
      case 4:
        return ''
      case 5:
        return Array.from({ length: this.int(0, 3) }, () => this.json(depth - 1))
      default: {
        const out: Record<string, unknown> = {}
        for (let i = this.int(0, 3); i > 0; i--)
          out[this.pick(['id', 'status', 'name', 'total', 'items', 'data', 'x'])] = this.json(depth - 1)
        return out
      }
    }
  }
}
