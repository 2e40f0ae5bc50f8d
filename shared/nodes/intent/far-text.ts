// Text a customer could send that is far from every example of an Intent node: what the generator sends to take
// `other`. Tried in order until the node's own classifier scores it below the threshold for every intent, so the
// choice holds whatever the examples say (a flow about weather would not get "weather" as its far text).
import type { Classifier } from '../../nlu/classifier'

const FAR: readonly string[] = [
  'qwxz vbnm plkj',
  'zzz 0000 ###',
  'purple elephants juggle saxophones',
  'xylophone quartz jigsaw',
  'the weather on mars is cold',
]

export function farText(model: Classifier, threshold: number): string | null {
  for (const t of FAR) if (model.classify(t, threshold).intent === null) return t
  return null
}
