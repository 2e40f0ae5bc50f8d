// The shapes free-text understanding shares across the Intent node, its classifier, the model provider and the
// studio's "Try a sentence" box (docs/flow-format.md, "Intent"). A leaf folder: imports only text/ and json/.

/** One intent a flow recognises: its name (also its port's id), what it means, and phrases a customer might send. */
export interface IntentSpec {
  name: string
  description?: string
  examples: string[]
}

/** Every intent's score for one message, by intent name, each between 0 and 1. */
export type IntentScores = Record<string, number>

/** What classifying one message decided. */
export interface Classification {
  /** The intent chosen, or null for "other": no intent cleared the threshold. */
  intent: string | null
  /** The chosen intent's score (the best score when the answer is other), 0..1. */
  confidence: number
  scores: IntentScores
  /** 'offline' for the built-in classifier, else the model provider's id. */
  provider: 'offline' | (string & {})
}
